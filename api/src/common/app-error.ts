import { HttpException } from '@nestjs/common';
import { ErrorCode } from '@haat/shared/common/error-code';

/**
 * Expected business outcomes (out of stock, taken e-mail, wrong code…) are thrown as AppErrors:
 * a status, a code from shared's ErrorCode (the compiler refuses any other string) and the message
 * the shopper reads. The global filter turns them into the envelope; `extra` lands beside `message`
 * (e.g. current totals on a 409 price change) and can never replace the code.
 */
export class AppError extends HttpException {
  constructor(
    status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super({ ...extra, message, code }, status);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError(400, ErrorCode.BadRequest, message, extra);
export const unauthorized = (message = 'Please login to continue.') => new AppError(401, ErrorCode.Unauthorized, message);
export const forbidden = (message = 'Access denied') => new AppError(403, ErrorCode.Forbidden, message);
export const notFound = (what: string) => new AppError(404, ErrorCode.NotFound, `${what} not found.`);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError(409, ErrorCode.Conflict, message, extra);
export const unavailable = (message: string) => new AppError(503, ErrorCode.NotConfigured, message);
/** A rule the body's schema cannot check alone (it needs stored data): answered like the schema's own 400. */
export const invalidField = (field: string, message: string) => new AppError(400, ErrorCode.Validation, `${field}: ${message}`, { fields: [field] });
