import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { AuthUser } from './auth-user.js';
import { SessionRegistry } from './session-registry.js';
import type { FastifyRequest } from 'fastify';
import { AccountLanguages } from '../i18n/account-languages.js';
import { requestLanguage } from '../i18n/request-language.js';

interface AccessClaims {
  sub: string;
  role: 'ADMIN' | 'USER';
  sid: string;
  typ: string;
}

/** Bearer access tokens (docs/product.md#api: the access token is sent as a bearer Authorization header). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionRegistry,
    private readonly languages: AccountLanguages,
  ) {
    // A KeyObject, not the string: jsonwebtoken otherwise tries (and fails) to parse the string as a
    // public key on every request, about 8 % of the API's CPU in the orders profile.
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: createSecretKey(Buffer.from(config.jwtAccessSecret)) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /** A token whose session has ended (logout, theft, password reset, account disabled) is refused at once. */
  async validate(req: FastifyRequest, claims: AccessClaims): Promise<AuthUser | false> {
    if (claims.typ !== 'access' || !claims.sub || !claims.sid) return false;
    if (!(await this.sessions.isActive(claims.sid))) return false;
    // The account follows the language its signed-in requests ask for (docs/product.md#languages);
    // a request that names none leaves it as it is.
    if (req.headers['accept-language']) this.languages.follow(claims.sub, requestLanguage(req));
    return { id: claims.sub, role: claims.role === 'ADMIN' ? 'ADMIN' : 'USER', sid: claims.sid };
  }
}
