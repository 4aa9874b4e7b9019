import type { FastifyReply, FastifyRequest } from 'fastify';
import { MOBILE_CODE_SENDS } from '../throttle/index.js';

/**
 * A browser that signed in by a code to a number keeps a random device token (MobileDevices): its later sign-in codes
 * count as the owner's, apart from strangers', and come from the budget's reserve (docs/product.md#rules-and-limits).
 * HttpOnly, SameSite=Strict and scoped to the sign-in-by-code routes, as the reset cookie is (./reset-cookie.ts).
 */
export const DEVICE_COOKIE = 'haat_mobile_device';
const DEVICE_COOKIE_PATH = '/api/user/login-otp';

export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const attributes = [
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${Math.round(MOBILE_CODE_SENDS.knownFor / 1000)}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ];
  void reply.header('set-cookie', `${DEVICE_COOKIE}=${token}; ${attributes.join('; ')}`);
}

export function deviceCookieOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
