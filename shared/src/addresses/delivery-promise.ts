import { z } from 'zod';
import { Id } from '../common/fields.js';
import { Pincode } from './address.schema.js';

/**
 * The delivery promise a pincode gets (docs/product.md#delivery), one answer for the header, the product card and
 * page, the cart, checkout and the order: `express` when an open dark store serves the pincode and has the product
 * (or every line of the cart) on its shelves, in its minutes; else `courier` from the national warehouse, delivered
 * by `date` (the shop's calendar, YYYY-MM-DD). An order records the promise it was placed under.
 */
export const deliveryPromiseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('express'),
    minutes: z.number().int().positive(),
    store: z.object({ _id: z.string(), name: z.string() }),
  }),
  z.object({
    kind: z.literal('courier'),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
]);
export type DeliveryPromise = z.infer<typeof deliveryPromiseSchema>;

/** GET /api/delivery/promise: the promise for a pincode, of a product (`productId`, `variantId`) or, without one, of the signed-in shopper's cart. */
export const DELIVERY_PROMISE_PATH = 'delivery/promise';

/** The promise route's query: a pincode, and a product (and its option) or nothing (the signed-in shopper's cart). */
export const DeliveryPromiseQuery = z.object({
  pincode: Pincode,
  productId: Id.optional(),
  variantId: Id.optional(),
});
export type DeliveryPromiseQuery = z.infer<typeof DeliveryPromiseQuery>;
