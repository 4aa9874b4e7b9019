import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { JwtStrategy } from './jwt.strategy.js';
import { SessionRegistry } from './session-registry.js';
import { TokensService } from './tokens.service.js';

@Global()
@Module({
  imports: [PassportModule, JwtModule.register({})],
  providers: [JwtStrategy, TokensService, SessionRegistry],
  exports: [TokensService, SessionRegistry, JwtModule],
})
export class AuthModule {}
