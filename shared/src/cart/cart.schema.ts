import { z } from 'zod';
import { Id } from '../common/fields.js';

/** How many units one line may ask for; stock clamps it further on the server. */
export const MAX_LINE_QUANTITY = 10_000;
/** A synced cart larger than this is not a shopper's cart. */
export const MAX_SYNC_ITEMS = 200;

const Quantity = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must not be negative' })
    .max(MAX_LINE_QUANTITY, { error: `must be at most ${MAX_LINE_QUANTITY}` }),
);

export const AddToCartBody = z.object({ productId: Id });
export type AddToCartBody = z.infer<typeof AddToCartBody>;

/** qty 0 removes the line (spec §4: minus at quantity 1 removes the item). */
export const UpdateQtyBody = z.object({ _id: Id, qty: Quantity });
export type UpdateQtyBody = z.infer<typeof UpdateQtyBody>;

export const DeleteCartItemBody = z.object({ _id: Id });
export type DeleteCartItemBody = z.infer<typeof DeleteCartItemBody>;

/** Offline clients hand over absolute quantities per product (0 removes), so a replay is harmless. */
export const CartSyncBody = z
  .object({
    items: z
      .array(z.object({ productId: Id, quantity: Quantity }), { error: 'must be a list of {productId, quantity}' })
      .max(MAX_SYNC_ITEMS, { error: `must have at most ${MAX_SYNC_ITEMS} items` }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((item, i) => {
      if (seen.has(item.productId)) ctx.addIssue({ code: 'custom', path: ['items', i, 'productId'], message: 'appears more than once' });
      seen.add(item.productId);
    });
  });
export type CartSyncBody = z.infer<typeof CartSyncBody>;
