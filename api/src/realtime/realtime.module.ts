import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { OrdersModule } from '../orders/index.js';
import { OrderBroadcaster } from './order-broadcaster.js';
import { RealtimeGateway } from './realtime.gateway.js';

@Module({
  imports: [JwtModule.register({}), OrdersModule],
  providers: [RealtimeGateway, OrderBroadcaster],
  exports: [RealtimeGateway],
})
export class RealtimeModule {}
