import { createSecretKey } from 'node:crypto';
import { lruCache } from '../common/lru.js';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { AuthUser } from './auth-user.js';
import { SessionRegistry } from './session-registry.js';
import type { FastifyRequest } from 'fastify';
import { AccountLanguages } from '../users/index.js';
import { requestLanguage } from '../i18n/request-language.js';

interface AccessClaims {
  sub: string;
  role: 'ADMIN' | 'USER';
  sid: string;
  typ: string;
  exp?: number;
}

/** How many verified access tokens are remembered (a few hundred bytes each). */
/** Methods that only read: the account's language does not follow them. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const VERIFIED_MAX = 10_000;
const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/** Bearer access tokens (docs/product.md#api: the access token is sent as a bearer Authorization header). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  /**
   * Access tokens whose signature has been checked, by their exact text, until they expire. A shopper's
   * client sends the same token on every call for its 15 minutes; checking its HMAC again each time was
   * about 30 µs of every signed-in request. Only a token that passed the check gets in, a token that
   * differs by a byte is another key, and everything else (expiry, the session, the claims) is decided
   * again on every request (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md).
   */
  private readonly verified = lruCache<string, AccessClaims & { exp: number }>(VERIFIED_MAX);

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionRegistry,
    private readonly languages: AccountLanguages,
  ) {
    // A KeyObject, not the string: jsonwebtoken otherwise tries (and fails) to parse the string as a
    // public key on every request, about 8 % of the API's CPU in the orders profile.
    super({
      jwtFromRequest: bearerToken,
      secretOrKey: createSecretKey(Buffer.from(config.jwtAccessSecret)) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /** A remembered token goes straight to `admit` (see `verified`); any other through passport-jwt's own check. */
  override authenticate(req: Parameters<Strategy['authenticate']>[0], options?: object): void {
    const token = bearerToken(req);
    const claims = token ? this.verified.get(token) : undefined;
    if (!claims || claims.exp * 1000 <= Date.now()) {
      super.authenticate(req, options);
      return;
    }
    this.admit(req as unknown as FastifyRequest, claims).then(
      (user) => (user ? this.success(user) : this.fail(401)),
      (error: Error) => this.error(error),
    );
  }

  /** Called by passport-jwt once it has verified a token's signature: admitted, the token is remembered (see `verified`). */
  async validate(req: FastifyRequest, claims: AccessClaims): Promise<AuthUser | false> {
    const user = await this.admit(req, claims);
    const token = bearerToken(req);
    if (user && token && typeof claims.exp === 'number') this.verified.set(token, { ...claims, exp: claims.exp });
    return user;
  }

  /** A token whose session has ended (logout, theft, password reset, account disabled) is refused at once. */
  private async admit(req: FastifyRequest, claims: AccessClaims): Promise<AuthUser | false> {
    if (claims.typ !== 'access' || !claims.sub || !claims.sid) return false;
    if (!(await this.sessions.isActive(claims.sid))) return false;
    // The account follows the language its signed-in writes ask for (docs/product.md#languages); a read
    // writes nothing (an API client or a second device reading in another language does not change what
    // the shopper's mails are written in), nor does a request that names no language.
    if (req.headers['accept-language'] && !READS.has(req.method)) this.languages.follow(claims.sub, requestLanguage(req));
    return { id: claims.sub, role: claims.role === 'ADMIN' ? 'ADMIN' : 'USER', sid: claims.sid };
  }
}
