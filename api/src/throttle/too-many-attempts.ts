import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';

/** The 429 every limit answers: Retry-After on the reply, and the wait in words and in `retryAfter`. */
export function tooManyAttempts(reply: FastifyReply, seconds: number): AppError {
  const s = Math.max(1, Math.ceil(seconds));
  void reply.header('retry-after', s);
  return new AppError(429, ErrorCode.RateLimited, `Too many attempts. Please wait ${s} second${s === 1 ? '' : 's'} and try again.`, { retryAfter: s });
}
