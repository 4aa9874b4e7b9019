import { HttpException } from '@nestjs/common';

/**
 * Expected business outcomes (out of stock, taken e-mail, wrong code…) are thrown as AppErrors:
 * a status, a stable code and the message the shopper reads. The global filter turns them into
 * the envelope; `extra` lands beside `message` (e.g. current totals on a 409 price change).
 */
export class AppError extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super({ message, code, ...extra }, status);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError(400, 'BAD_REQUEST', message, extra);
export const unauthorized = (message = 'Please login to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Access denied') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found.`);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError(409, 'CONFLICT', message, extra);
export const unavailable = (message: string) => new AppError(503, 'NOT_CONFIGURED', message);
