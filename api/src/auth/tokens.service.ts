import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { unauthorized } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { refreshSessions } from './refresh-sessions.table.js';
import { SessionRegistry } from './session-registry.js';

/** Every token of the shop is HS256: a token naming another algorithm is refused, whatever its signature. */
export const TOKEN_ALGORITHM = 'HS256';
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

interface RefreshClaims {
  sub: string;
  sid: string;
  jti: string;
  typ: 'refresh';
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** The session both name (never sent: a mobile sign-in ties its device token to it). */
  sessionId: string;
}

/** Access JWTs (ACCESS_TOKEN_TTL, 15 min by default) and rotating refresh tokens kept server-side per session. */
@Injectable()
export class TokensService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly sessions: SessionRegistry,
  ) {}

  async startSession(user: { id: string; role: 'ADMIN' | 'USER' }, userAgent = ''): Promise<TokenPair> {
    const sid = newId();
    const jti = randomBytes(16).toString('base64url');
    await this.db.insert(refreshSessions).values({
      id: sid,
      userId: user.id,
      currentJti: jti,
      userAgent: userAgent.slice(0, 300),
      expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
    });
    return this.sign(user, sid, jti);
  }

  /** Rotates: the presented token becomes void; presenting a void one revokes the session (theft). */
  async rotate(refreshToken: string, lookupRole: (userId: string) => Promise<'ADMIN' | 'USER' | null>): Promise<TokenPair> {
    const claims = await this.verifyRefresh(refreshToken);
    const [session] = await this.db.select().from(refreshSessions).where(eq(refreshSessions.id, claims.sid)).limit(1);
    if (!session || session.revokedAt || session.expiresAt.getTime() < Date.now()) throw unauthorized('Session expired. Please login again.');
    const jti = randomBytes(16).toString('base64url');
    const rotated = await this.db
      .update(refreshSessions)
      .set({ currentJti: jti, lastUsedAt: new Date() })
      .where(and(eq(refreshSessions.id, claims.sid), eq(refreshSessions.currentJti, claims.jti), isNull(refreshSessions.revokedAt)))
      .returning({ id: refreshSessions.id });
    if (rotated.length === 0) {
      await this.revoke(claims.sid);
      throw unauthorized('This refresh token was already used; the session has been signed out for safety.');
    }
    const role = await lookupRole(session.userId);
    if (!role) {
      await this.revoke(claims.sid);
      throw unauthorized('Account is not active.');
    }
    return this.sign({ id: session.userId, role }, claims.sid, jti);
  }

  /** Ends one session at once: its refresh token, and every access token naming it, on every instance. */
  async revoke(sid: string): Promise<void> {
    await this.db
      .update(refreshSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshSessions.id, sid), isNull(refreshSessions.revokedAt)));
    await this.sessions.end([sid]);
  }

  /** Ends every session of the account (password reset, account disabled), or every other one (password change). */
  async revokeAllOf(userId: string, exceptSid?: string): Promise<void> {
    const ended = await this.db
      .update(refreshSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt), exceptSid ? ne(refreshSessions.id, exceptSid) : undefined))
      .returning({ id: refreshSessions.id });
    await this.sessions.end(ended.map((s) => s.id));
  }

  private async verifyRefresh(token: string): Promise<RefreshClaims> {
    try {
      const claims = await this.jwt.verifyAsync<RefreshClaims>(token, { secret: this.config.jwtRefreshSecret, algorithms: [TOKEN_ALGORITHM] });
      if (claims.typ !== 'refresh' || !claims.sid || !claims.jti) throw new Error('not a refresh token');
      return claims;
    } catch {
      throw unauthorized('Invalid refresh token. Please login again.');
    }
  }

  private async sign(user: { id: string; role: 'ADMIN' | 'USER' }, sid: string, jti: string): Promise<TokenPair> {
    const accessToken = await this.jwt.signAsync(
      { sub: user.id, role: user.role, sid, typ: 'access' },
      { secret: this.config.jwtAccessSecret, expiresIn: this.config.accessTokenTtlSeconds, algorithm: TOKEN_ALGORITHM },
    );
    const refreshToken = await this.jwt.signAsync(
      { sub: user.id, sid, jti, typ: 'refresh' },
      { secret: this.config.jwtRefreshSecret, expiresIn: REFRESH_TTL_SECONDS, algorithm: TOKEN_ALGORITHM },
    );
    return { accessToken, refreshToken, sessionId: sid };
  }
}
