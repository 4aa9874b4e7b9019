import { z } from 'zod';
import { Id } from '../common/fields.js';
import { cartLineKey } from '../catalog/variant.rules.js';

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

/** The chosen variant's `_id`, when the product has variants (absent or null: the product itself). */
export const VariantId = Id.nullish().transform((v) => v ?? null);

export const AddToCartBody = z.object({ productId: Id, variantId: VariantId });
export type AddToCartBody = z.infer<typeof AddToCartBody>;

/** qty 0 removes the line (docs/product.md#states: minus at quantity 1 removes the item). */
export const UpdateQtyBody = z.object({ _id: Id, qty: Quantity });
export type UpdateQtyBody = z.infer<typeof UpdateQtyBody>;

export const DeleteCartItemBody = z.object({ _id: Id });
export type DeleteCartItemBody = z.infer<typeof DeleteCartItemBody>;

/** Offline clients hand over absolute quantities per product and variant (0 removes), so a replay is harmless. */
export const CartSyncBody = z
  .object({
    items: z
      .array(z.object({ productId: Id, variantId: VariantId, quantity: Quantity }), { error: 'must be a list of {productId, variantId, quantity}' })
      .max(MAX_SYNC_ITEMS, { error: `must have at most ${MAX_SYNC_ITEMS} items` }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((item, i) => {
      const key = cartLineKey(item.productId, item.variantId);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['items', i, 'productId'], message: 'appears more than once' });
      seen.add(key);
    });
  });
export type CartSyncBody = z.infer<typeof CartSyncBody>;
/** A sync body as a client writes it (variantId may be left out: the product without a variant). */
export interface CartSyncRequest {
  items: Array<{ productId: string; variantId?: string | null; quantity: number }>;
}
type Fits<Request extends Accepted, Accepted> = Request;
/** A type error here means the schema no longer accepts what the PWA sends. */
export type CheckedSyncRequest = Fits<CartSyncRequest, z.input<typeof CartSyncBody>>;
