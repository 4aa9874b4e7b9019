import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESET_TOKEN_TTL_MS } from './password-reset.service.js';

/**
 * The reset token as a cookie too, for clients that follow the seed's API family (a verify, then a
 * reset without the token in the body): HttpOnly (no script reads it), SameSite=Strict (no other site
 * sends it) and Path scoped to the reset route (no other request carries it). docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md
 */
export const RESET_COOKIE = 'haat_reset';
export const RESET_COOKIE_PATH = '/api/user/reset-password';

export function setResetCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const attributes = [
    `Path=${RESET_COOKIE_PATH}`,
    `Max-Age=${Math.round(RESET_TOKEN_TTL_MS / 1000)}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ];
  void reply.header('set-cookie', `${RESET_COOKIE}=${token}; ${attributes.join('; ')}`);
}

/** Spent or refused, the cookie goes: it could not set a password again. */
export function clearResetCookie(reply: FastifyReply, secure: boolean): void {
  void reply.header('set-cookie', `${RESET_COOKIE}=; Path=${RESET_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`);
}

export function resetCookieOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === RESET_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
