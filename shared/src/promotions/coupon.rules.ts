import { min, paise, percentOf, rupees } from '../money/paise.js';

/**
 * Coupons, priced by the server like every other price (docs/product.md#coupons). Pure rules: what a
 * coupon takes off a subtotal, and why it does not apply. Counting uses is the order statement's.
 */
export const COUPON_TYPES = ['percent', 'flat'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** A coupon's terms as the rules read them; money in rupees, times as Dates. */
export interface CouponTerms {
  code: string;
  type: CouponType;
  /** Per cent off (percent) or rupees off (flat). */
  value: number;
  /** The most a percent coupon takes off, in rupees; null: no cap. */
  maxDiscount: number | null;
  /** The least subtotal it applies to, in rupees; null: any. */
  minOrder: number | null;
  startsAt: Date;
  endsAt: Date;
  active: boolean;
}

/** Why a coupon does not apply to this order now. Uses are refused by the order's statement instead. */
export type CouponRefusal =
  { reason: 'unknown' } | { reason: 'not-started'; startsAt: Date } | { reason: 'expired' } | { reason: 'min-order'; minOrder: number };

/** Codes are typed in any case with stray spaces: stored and compared trimmed and upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A code is 3 to 24 letters, digits or hyphens. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{3,24}$/;

/**
 * The discount `terms` give a subtotal at `at`, in rupees to the paisa: percent of the subtotal rounded
 * to the paisa and capped by maxDiscount, or the flat amount; never more than the subtotal. A refusal
 * when the coupon is disabled, outside its window or the subtotal is under its minimum.
 */
export function couponDiscount(terms: CouponTerms, subtotal: number, at: Date): { discount: number } | CouponRefusal {
  if (!terms.active) return { reason: 'unknown' };
  if (at < terms.startsAt) return { reason: 'not-started', startsAt: terms.startsAt };
  if (at >= terms.endsAt) return { reason: 'expired' };
  if (terms.minOrder !== null && subtotal < terms.minOrder) return { reason: 'min-order', minOrder: terms.minOrder };
  const whole = paise(subtotal);
  let off = terms.type === 'percent' ? percentOf(whole, terms.value) : paise(terms.value);
  if (terms.type === 'percent' && terms.maxDiscount !== null) off = min(off, paise(terms.maxDiscount));
  return { discount: rupees(min(off, whole)) };
}
