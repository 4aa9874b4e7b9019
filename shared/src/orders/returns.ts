import { firstUnits, min, paise, rupees, subtract } from '../money/paise.js';
import { z } from 'zod';
import { Id, IdRef, RequiredText } from '../common/fields.js';
import { VariantId } from '../cart/cart.schema.js';
import type { PaymentMethod } from './order.types.js';

/**
 * Returns (docs/product.md#returns): a shopper asks within the return window after delivery; an admin
 * approves or rejects, records the parcel received (its units go back on sale) and the refund.
 */
export const RETURN_STATUSES = ['REQUESTED', 'APPROVED', 'REJECTED', 'RECEIVED', 'REFUNDED'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** A shopper's return of a delivered order, or the parcel of an order cancelled after it shipped coming back. */
export const RETURN_KINDS = ['RETURN', 'RETURN_TO_ORIGIN'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export interface ReturnTransition {
  from: ReturnStatus;
  to: ReturnStatus;
  /** Only an admin moves a return; the shopper makes it (REQUESTED) and the card provider never moves it. */
  by: readonly ['admin'];
}

/** Every move a return can make: nothing else, and nothing leaves REJECTED or REFUNDED. */
export const RETURN_TRANSITIONS: readonly ReturnTransition[] = [
  { from: 'REQUESTED', to: 'APPROVED', by: ['admin'] },
  { from: 'REQUESTED', to: 'REJECTED', by: ['admin'] },
  { from: 'APPROVED', to: 'RECEIVED', by: ['admin'] },
  { from: 'RECEIVED', to: 'REFUNDED', by: ['admin'] },
];

export function returnTransition(from: ReturnStatus, to: ReturnStatus): ReturnTransition | undefined {
  return RETURN_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

export { DEFAULT_RETURN_WINDOW_DAYS, withinReturnWindow } from './return-window.js';

/** The most units of each line that may still be asked back: bought, less what open or finished returns hold. */
export function returnableUnits(bought: number, alreadyAsked: number): number {
  return Math.max(bought - alreadyAsked, 0);
}

/**
 * What `units` more units of a line give back, in rupees (docs/product.md#returns): the line's paid amount
 * is split over its units with paise.ts (₹299.00 over three: 99.67, 99.67, 99.66), and a return gets what
 * the first units asked so far plus these are worth less what earlier returns of the line already took.
 * So units returned one by one give back exactly what was paid, never more, and the last get what is left.
 */
export function returnAmount(line: { paid: number; quantity: number }, earlier: { units: number; amount: number }, units: number): number {
  const paid = paise(line.paid);
  const due = firstUnits(paid, line.quantity, earlier.units + units);
  const taken = paise(earlier.amount);
  return rupees(subtract(min(due, paid), min(taken, paid), true));
}

/**
 * What the first `units` units of a line were paid, in rupees: returnAmount with nothing taken before them (a part
 * cancellation takes the units still in the shop before any could be returned).
 */
export function firstUnitsPaid(line: { paid: number; quantity: number }, units: number): number {
  return returnAmount(line, { units: 0, amount: 0 }, units);
}

/** A count of units as a form or a client sends it: a whole number from 1 to 1000 (a number's text is read as one). */
export const Quantity = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1000, { error: 'must be at most 1000' }),
);

/** POST /api/order/return (the shopper). */
export const ReturnRequestBody = z.object({
  orderId: Id,
  items: z
    .array(z.object({ productId: IdRef, variantId: VariantId, quantity: Quantity }), { error: 'must be a list of items' })
    .min(1, { error: 'must hold at least one item' })
    .max(100, { error: 'must hold at most 100 items' }),
  reason: RequiredText(500),
});
export type ReturnRequestBody = z.infer<typeof ReturnRequestBody>;

/** POST /api/order/admin/return-status (an admin); a cash order's refund names how the money went back. */
export const ReturnStatusBody = z.object({
  returnId: Id,
  status: z.enum(['APPROVED', 'REJECTED', 'RECEIVED', 'REFUNDED'], { error: 'must be APPROVED, REJECTED, RECEIVED or REFUNDED' }),
  refund: z
    .object({
      method: z.enum(['UPI', 'BANK'], { error: 'must be UPI or BANK' }),
      reference: RequiredText(100),
    })
    .optional(),
});
export type ReturnStatusBody = z.infer<typeof ReturnStatusBody>;

/** GET /api/order/admin/returns: open returns, or every one with `all=true`. */
export const AdminReturnsQuery = z.object({
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type AdminReturnsQuery = z.infer<typeof AdminReturnsQuery>;

/** A return as the API answers it, on its order and in the admin's Returns tab. */
export interface OrderReturn {
  _id: string;
  orderId: string;
  /** RETURN_TO_ORIGIN: made by a cancellation after shipping, already APPROVED, awaiting the parcel. */
  kind: ReturnKind;
  status: ReturnStatus;
  reason: string;
  items: Array<{ productId: string; variantId: string | null; name: string; quantity: number; amount: number; position: number }>;
  /** What is refunded: the returned units at what was paid for them (after any coupon). */
  amount: number;
  history: Array<{ status: ReturnStatus; at: string }>;
  /** How the money went back, once REFUNDED: the card (with Stripe's refund id once it answered) or what the admin recorded. */
  refund: { method: 'CARD' | 'UPI' | 'BANK'; reference: string | null } | null;
  createdAt: string;
}

/**
 * A return in the admin's Returns tab: also how its order was paid (a card order is refunded through
 * Stripe, a cash one with the method and reference the admin enters) and who asked.
 */
export interface AdminOrderReturn extends OrderReturn {
  paymentMethod: PaymentMethod;
  customer: { _id: string; name: string; email: string; mobile: string | null } | null;
}
