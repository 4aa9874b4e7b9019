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

/** GET /api/delivery/promises: the promise for a pincode of each product of a page of cards (each product's own unit, one of it). */
export const DELIVERY_PROMISES_PATH = 'delivery/promises';

/** The most products one ask names: a page of cards (a listing's is 20, search's 10). */
export const MAX_CARD_PROMISES = 60;

/** The card promises' query: a pincode and product ids separated by commas (a repeat is asked once). */
export const CardPromisesQuery = z.object({
  pincode: Pincode,
  productIds: z
    .string()
    .transform((text) => [...new Set(text.split(',').filter(Boolean))])
    .pipe(z.array(Id).min(1).max(MAX_CARD_PROMISES)),
});
export type CardPromisesQuery = z.infer<typeof CardPromisesQuery>;

/** Each known product's promise; a product the shop does not have is left out. */
export interface CardPromises {
  promises: Array<{ productId: string; promise: DeliveryPromise }>;
}
