import { CreateCouponBody, type Coupon, type CreateCouponRequest } from '@haat/shared/promotions/coupon.schema';
import type { CouponType } from '@haat/shared/promotions/coupon.rules';

/** The coupon form as typed: numbers as text (empty: none), times as local `datetime-local` values. */
export interface CouponFields {
  code: string;
  type: CouponType;
  value: string;
  maxDiscount: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  totalUses: string;
  perAccountUses: string;
}

export type CouponField = keyof CouponFields;
export const COUPON_FIELDS: readonly CouponField[] = ['code', 'type', 'value', 'maxDiscount', 'minOrder', 'startsAt', 'endsAt', 'totalUses', 'perAccountUses'];

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the admin's own time zone ('' for none). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value, read in the admin's time zone, as the ISO instant the API takes (left as typed when it is none). */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return value && !Number.isNaN(d.getTime()) ? d.toISOString() : value;
}

/** A new coupon's form: percent, starting now, for a week. */
export function emptyCouponFields(now = new Date()): CouponFields {
  const week = new Date(now.getTime() + 7 * 24 * 3600_000);
  return {
    code: '',
    type: 'percent',
    value: '',
    maxDiscount: '',
    minOrder: '',
    startsAt: toLocalInput(now.toISOString()),
    endsAt: toLocalInput(week.toISOString()),
    totalUses: '',
    perAccountUses: '',
  };
}

const text = (n: number | null) => (n === null ? '' : String(n));

export function couponFieldsOf(coupon: Coupon): CouponFields {
  return {
    code: coupon.code,
    type: coupon.type,
    value: String(coupon.value),
    maxDiscount: text(coupon.maxDiscount),
    minOrder: text(coupon.minOrder),
    startsAt: toLocalInput(coupon.startsAt),
    endsAt: toLocalInput(coupon.endsAt),
    totalUses: text(coupon.totalUses),
    perAccountUses: text(coupon.perAccountUses),
  };
}

const optional = (v: string) => (v.trim() === '' ? null : v.trim());

/** The fields a coupon cannot be saved without; left empty, each says what is missing (coupons.json `missing.*`). */
const REQUIRED: CouponField[] = ['code', 'value', 'startsAt', 'endsAt'];
export const MISSING = 'is required';

/** The body the API takes, checked with its own schema, or each field's first problem (an empty required one as MISSING). */
export function couponRequest(fields: CouponFields): { ok: true; body: CreateCouponRequest } | { ok: false; problems: Partial<Record<CouponField, string>> } {
  const body = {
    code: fields.code,
    type: fields.type,
    value: fields.value.trim(),
    maxDiscount: fields.type === 'flat' ? null : optional(fields.maxDiscount),
    minOrder: optional(fields.minOrder),
    startsAt: fromLocalInput(fields.startsAt),
    endsAt: fromLocalInput(fields.endsAt),
    totalUses: optional(fields.totalUses),
    perAccountUses: optional(fields.perAccountUses),
  };
  const parsed = CreateCouponBody.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: Partial<Record<CouponField, string>> = {};
  // An empty field is missing, not "not a number" or "not a date": said first, in its own words.
  for (const name of REQUIRED) if (fields[name].trim() === '') problems[name] = MISSING;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CouponField | undefined;
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return { ok: false, problems };
}

/** The coupon's state in the list: disabled, past its window, not yet in it (scheduled), or enabled. */
export function couponState(coupon: Coupon, now = Date.now()): 'enabled' | 'disabled' | 'expired' | 'scheduled' {
  if (!coupon.active) return 'disabled';
  if (Date.parse(coupon.endsAt) <= now) return 'expired';
  return Date.parse(coupon.startsAt) > now ? 'scheduled' : 'enabled';
}
