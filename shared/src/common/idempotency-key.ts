import { z } from 'zod';

/**
 * The Idempotency-Key header the PWA's outbox sends with every replayable write (cart sync, orders):
 * the same key from the same user answers the first request again. 1–200 visible ASCII characters.
 */
export const IdempotencyKey = z
  .string({ error: 'header is required' })
  .regex(/^[\x21-\x7e]{1,200}$/, { error: 'header must be 1–200 visible ASCII characters' });

export type IdempotencyKeyHeader = { ok: true; key: string | undefined } | { ok: false; message: string };

/**
 * The one reading of the header as Node hands it over (absent, text, or repeated): absent is fine
 * unless `required`; anything else must pass `IdempotencyKey`. The message names the header.
 */
export function parseIdempotencyKeyHeader(raw: string | readonly string[] | undefined, required: boolean): IdempotencyKeyHeader {
  const value = typeof raw === 'string' || raw === undefined ? raw : raw[0];
  if (value === undefined && !required) return { ok: true, key: undefined };
  const parsed = IdempotencyKey.safeParse(value);
  return parsed.success ? { ok: true, key: parsed.data } : { ok: false, message: `Idempotency-Key: ${parsed.error.issues[0]?.message ?? 'is invalid'}` };
}

/**
 * The one Idempotency-Key of every order that replaces a cancelled card order (the cancelled page's "Try again" and
 * "Pay on delivery instead", docs/product.md#after-a-payment-fails): derived from the cancelled order alone, so two
 * taps, two tabs or a retry of either button make one order, and the second button cannot make another (its body
 * differs: 422 IDEMPOTENCY_KEY_REUSED). Keys are per user, so the order number is enough.
 */
export const replacementKey = (cancelledOrderId: string): string => `replaces:${cancelledOrderId}`;
