import { Inject, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server } from 'socket.io';
import type { NewOrderEvent, OrderStatusEvent, ServerToClientEvents } from '@haat/shared/orders/order-events';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { handshakeToken, verifySocketUser, type SocketUser } from './socket-auth.js';

export const ADMINS_ROOM = 'admins';
export const userRoom = (userId: string) => `user:${userId}`;

type HaatServer = Server<Record<string, never>, ServerToClientEvents, Record<string, never>, { user?: SocketUser }>;

/**
 * socket.io on the API's own server and origin (default path /socket.io). Only signed-in users
 * connect: the access token is checked in the handshake, before the connection is accepted,
 * and the socket joins its rooms there, so no event can slip past between connect and join.
 * Origins: CORS_ORIGINS, checked by RealtimeIoAdapter (a page elsewhere cannot even open the socket).
 */
@WebSocketGateway({ serveClient: false })
export class RealtimeGateway implements OnGatewayInit {
  @WebSocketServer() server: HaatServer;
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  afterInit(server: HaatServer): void {
    server.use((socket, next) => {
      verifySocketUser(this.jwt, this.config.jwtAccessSecret, handshakeToken(socket)).then(
        async (user) => {
          if (!user) return next(new Error('unauthorized: a valid access token is required'));
          socket.data.user = user;
          await socket.join(user.role === 'ADMIN' ? [ADMINS_ROOM, userRoom(user.id)] : [userRoom(user.id)]);
          next();
        },
        (error: unknown) => {
          this.logger.warn(`handshake failed: ${String(error)}`);
          next(new Error('unauthorized'));
        },
      );
    });
  }

  /** Every admin, on every instance (through the Redis adapter when REDIS_URL is set). */
  newOrder(event: NewOrderEvent): void {
    this.server?.to(ADMINS_ROOM).emit('new-order', event);
  }

  /** The order's customer, and the admins' open dashboards. */
  orderStatus(userId: string, event: OrderStatusEvent): void {
    this.server?.to(userRoom(userId)).to(ADMINS_ROOM).emit('order-status', event);
  }
}
