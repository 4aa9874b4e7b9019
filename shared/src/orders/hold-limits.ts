import { LIMITS } from '../common/limits.js';

/**
 * The units one account may hold at once in orders neither paid nor shipped (docs/decisions/0003-purchase-limits.md):
 * `verified` for an account whose e-mail or mobile is proven, `unverified` for the others (equal when the shop turns
 * that rule off). The API decides with its settings (HOLD_LIMIT_UNITS, UNVERIFIED_HOLD_LIMIT_UNITS) and tells the PWA
 * them on GET /api/config/public; these are their defaults, what the PWA says until it has heard them.
 */
export interface HoldLimits {
  verified: number;
  unverified: number;
}

/** The settings' defaults. A function, read when needed: the PWA's chunks may evaluate this module before LIMITS'. */
export function defaultHoldLimits(): HoldLimits {
  return { verified: LIMITS.maxUnitsHeldPerAccount, unverified: LIMITS.maxUnitsHeldUnverified };
}

/** Whether an account counts as verified for the hold limit: its e-mail or its mobile proven (as the order's statement reads it). */
export function accountVerified(account: { verify_email?: boolean | null; mobile_verified?: boolean | null }): boolean {
  return Boolean(account.verify_email || account.mobile_verified);
}

/**
 * The lower limit an unverified account is held to, when it is lower (else null: nothing to say): what the cart and the
 * product page tell a new shopper while the basket is built, before Place order refuses it with 409 HOLD_LIMIT.
 */
export function unverifiedHoldLimit(account: { verify_email?: boolean | null; mobile_verified?: boolean | null }, limits: HoldLimits): number | null {
  if (accountVerified(account) || limits.unverified >= limits.verified) return null;
  return limits.unverified;
}
