import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { IdempotencyKey as KeySchema } from '@haat/shared/orders/order.schema';
import { AppError } from '../common/app-error.js';

/**
 * The `Idempotency-Key` header (the PWA's outbox sends one per queued order), validated, or
 * undefined when absent. A bad key is a 400 naming the header.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, ctx: ExecutionContext): string | undefined => {
  const raw = ctx.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>().headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const parsed = KeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new AppError(400, 'VALIDATION', `Idempotency-Key: ${parsed.error.issues[0]?.message ?? 'is invalid'}`, { fields: ['Idempotency-Key'] });
  return parsed.data;
});
