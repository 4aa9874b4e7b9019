import { z } from 'zod';
import { Id, Money, numeric } from '../common/fields.js';
import { COUPON_CODE_PATTERN, COUPON_TYPES, normalizeCouponCode } from './coupon.rules.js';

export const CouponCode = z
  .string({ error: 'must be text' })
  .transform(normalizeCouponCode)
  .pipe(z.string().regex(COUPON_CODE_PATTERN, { error: 'must be 3 to 24 letters, digits or hyphens' }));

const Uses = numeric(
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1_000_000, { error: 'is too large' }),
);
const When = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });

// A coupon's amounts are stored to the paisa (numeric, two decimals): a finer figure would be stored as another
// one (0.001 % as 0), so Money refuses it where it is typed.

const couponFields = {
  code: CouponCode,
  type: z.enum(COUPON_TYPES, { error: 'must be percent or flat' }),
  value: Money,
  maxDiscount: Money.nullable(),
  minOrder: Money.nullable(),
  startsAt: When,
  endsAt: When,
  totalUses: Uses.nullable(),
  perAccountUses: Uses.nullable(),
};

type CouponShape = { type: (typeof COUPON_TYPES)[number]; value: number; startsAt: string; endsAt: string; maxDiscount: number | null };
const coherent = (body: CouponShape, ctx: z.RefinementCtx) => {
  if (body.type === 'percent' && (body.value <= 0 || body.value > 100))
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be more than 0 and at most 100 for a percent coupon' });
  if (body.type === 'flat' && body.value <= 0) ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be more than 0' });
  if (body.type === 'flat' && body.maxDiscount !== null) ctx.addIssue({ code: 'custom', path: ['maxDiscount'], message: 'is for percent coupons only' });
  if (Date.parse(body.endsAt) <= Date.parse(body.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
};

/**
 * A coupon's whole terms and the rules between them: what a create stores, and what an update leaves
 * once its changes are laid over the stored terms (the API checks that with this same schema), so a value
 * create refuses can never be reached by an update (docs/decisions/0201-coupons.md).
 */
export const CouponTerms = z.object({ ...couponFields, active: z.boolean({ error: 'must be true or false' }) }).superRefine(coherent);
export type CouponTerms = z.infer<typeof CouponTerms>;

/** POST /api/coupon/create (admin). */
export const CreateCouponBody = z
  .object({
    ...couponFields,
    maxDiscount: couponFields.maxDiscount.optional().default(null),
    minOrder: couponFields.minOrder.optional().default(null),
    totalUses: couponFields.totalUses.optional().default(null),
    perAccountUses: couponFields.perAccountUses.optional().default(null),
  })
  .superRefine(coherent);
export type CreateCouponBody = z.infer<typeof CreateCouponBody>;
export type CreateCouponRequest = z.input<typeof CreateCouponBody>;

/** PUT /api/coupon/update (admin): the coupon's `_id` and the terms that change; the result must pass CouponTerms. */
export const UpdateCouponBody = z
  .object({ _id: Id, ...couponFields, active: z.boolean({ error: 'must be true or false' }) })
  .partial()
  .required({ _id: true });
export type UpdateCouponBody = z.infer<typeof UpdateCouponBody>;

/** POST /api/coupon/disable (admin): the coupon stops applying at once; orders that used it keep it. */
export const DisableCouponBody = z.object({ _id: Id });
export type DisableCouponBody = z.infer<typeof DisableCouponBody>;

/** A coupon as the admin API answers it. */
export interface Coupon {
  _id: string;
  code: string;
  type: (typeof COUPON_TYPES)[number];
  value: number;
  maxDiscount: number | null;
  minOrder: number | null;
  startsAt: string;
  endsAt: string;
  totalUses: number | null;
  perAccountUses: number | null;
  /** Orders placed with it (a cancelled order gives its use back). */
  used: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}
