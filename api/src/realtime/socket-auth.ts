import type { JwtService } from '@nestjs/jwt';
import type { Socket } from 'socket.io';

export interface SocketUser {
  id: string;
  role: 'ADMIN' | 'USER';
  sid: string;
  /** When the access token expires, in epoch seconds: the socket is closed then unless `auth` renews it. */
  exp: number;
}

interface AccessClaims {
  sub?: string;
  sid?: string;
  role?: string;
  typ?: string;
  exp?: number;
}

/** The token of an `auth` event: `{ token }`, with or without "Bearer ". */
export function eventToken(payload: unknown): string | null {
  const token = (payload as { token?: unknown } | null | undefined)?.token;
  return typeof token === 'string' && token ? token.replace(/^Bearer\s+/i, '') : null;
}

/** The access token from the handshake: `auth: { token }` (browsers) or a bearer Authorization header. */
export function handshakeToken(socket: Pick<Socket, 'handshake'>): string | null {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s+/i.test(header)) return header.replace(/^Bearer\s+/i, '');
  return null;
}

/** The token part of the HTTP guard's check: a valid, unexpired access token (never a refresh token). */
export async function verifySocketUser(jwt: JwtService, secret: string, token: string | null): Promise<SocketUser | null> {
  if (!token) return null;
  try {
    const claims = await jwt.verifyAsync<AccessClaims>(token, { secret, algorithms: ['HS256'] });
    if (claims.typ !== 'access' || !claims.sub || !claims.sid || typeof claims.exp !== 'number') return null;
    return { id: claims.sub, role: claims.role === 'ADMIN' ? 'ADMIN' : 'USER', sid: claims.sid, exp: claims.exp };
  } catch {
    return null;
  }
}
