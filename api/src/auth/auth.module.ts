import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { DownloadLinks } from './download-links.js';
import { DownloadLinksController } from './download-links.controller.js';
import { JwtStrategy } from './jwt.strategy.js';
import { SessionRegistry } from './session-registry.js';
import { TokensService } from './tokens.service.js';

@Global()
@Module({
  imports: [PassportModule, JwtModule.register({})],
  controllers: [DownloadLinksController],
  providers: [JwtStrategy, TokensService, SessionRegistry, DownloadLinks],
  exports: [TokensService, SessionRegistry, JwtModule, DownloadLinks],
})
export class AuthModule {}
