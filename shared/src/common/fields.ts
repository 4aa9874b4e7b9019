import { z } from 'zod';
import { PlainText } from './text-rule.js';
import { LIMITS } from './limits.js';
import { isWholePaise } from '../money/paise.js';

/** Ids are strings without hyphens (ULIDs), because routes take the text after the last hyphen. */
export const Id = z
  .string({ error: 'must be an id string' })
  .trim()
  .regex(/^[0-9A-Za-z]{1,64}$/, { error: 'must be an id (letters and digits only)' });

/** Accepts either an id or a populated object with an _id, as the screens send both. */
export const IdRef = z.union([Id, z.looseObject({ _id: Id }).transform((o) => o._id)], {
  error: 'must be an id or an object with _id',
});

/** Forms send numbers as text; accept numeric text, refuse everything else with a clear message. */
export function numeric<T extends z.ZodNumber>(inner: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v), inner);
}

/** Rupees in whole paise (docs/decisions/0250-money-in-integer-paise.md): a third decimal is refused, never rounded away. */
export const Money = numeric(
  z
    .number({ error: 'must be a number' })
    .min(0, { error: 'must not be negative' })
    .max(LIMITS.moneyMax, { error: 'is too large' })
    .refine(isWholePaise, { error: 'must be in whole paise (at most two decimals)' }),
);
export const Count = numeric(
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must not be negative' })
    .max(1_000_000, { error: 'is too large' }),
);
export const Percent = numeric(z.number({ error: 'must be a number' }).min(0, { error: 'must be at least 0' }).max(100, { error: 'must be at most 100' }));
export const Page = numeric(
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000, { error: 'is too large' }),
);
export const Limit = (max: number) =>
  numeric(
    z
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(max, { error: `must be at most ${max}` }),
  );

/** Text as a person types it, under the one text rule (text-rule.ts); single-line unless said. */
export const Text = (max: number, options: { multiline?: boolean } = {}) =>
  PlainText(options)
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
export const RequiredText = (max: number, options: { multiline?: boolean } = {}) => Text(max, options).min(1, { error: 'is required' });

export const Email = PlainText()
  .trim()
  .toLowerCase()
  .max(254, { error: 'is too long' })
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

export const ImageUrl = PlainText({ error: 'must be a URL' }).trim().min(1, { error: 'is required' }).max(2048, { error: 'is too long' });

export const BoolLike = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'must be true or false' }));
