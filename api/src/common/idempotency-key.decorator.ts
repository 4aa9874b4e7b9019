import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { parseIdempotencyKeyHeader } from '@haat/shared/common/idempotency-key';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from './app-error.js';

/**
 * The `Idempotency-Key` header (the PWA's outbox sends one per queued write), read by the shared
 * parser: undefined when absent, unless `@IdempotencyKey('required')`. A bad key is a 400 naming the header.
 */
export const IdempotencyKey = createParamDecorator((need: 'required' | undefined, ctx: ExecutionContext): string | undefined => {
  const raw = ctx.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>().headers['idempotency-key'];
  const header = parseIdempotencyKeyHeader(raw, need === 'required');
  if (!header.ok) throw new AppError(400, ErrorCode.Validation, header.message, { fields: ['Idempotency-Key'] });
  return header.key;
});
