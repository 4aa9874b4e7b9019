import { queryOptions } from '@tanstack/react-query';
import type { DeliveryPromise } from '@haat/shared/addresses/delivery-promise';
import type { Envelope } from '@haat/shared/common/envelope';
import { http } from '../http/http';
import { queryKeys } from '../query/query-keys';
import { askedNow, storeWhenWanted } from '../storage/device-store';

/**
 * What a promise is asked for (docs/product.md#delivery): a product (or one of its options) at a pincode, or the
 * signed-in shopper's cart there (`cart` says which lines, so a changed cart is asked again).
 */
export type PromiseSubject = { pincode: string } & ({ productId: string; variantId?: string | null } | { cart: string });

/** Where the device keeps the promise for a pincode and a product (or the cart): the answer last seen, for offline. */
export const promiseKey = (pincode: string, productId?: string, variantId?: string | null) =>
  `promise:${pincode}:${productId ?? 'cart'}${variantId ? `:${variantId}` : ''}`;

const productOf = (subject: PromiseSubject) => ('productId' in subject ? subject : null);

/** GET /api/delivery/promise, the one route: the promise for a product, or without one for the signed-in shopper's cart. */
export async function fetchPromise(subject: PromiseSubject, signal?: AbortSignal): Promise<DeliveryPromise> {
  const asked = askedNow();
  const product = productOf(subject);
  const searchParams = {
    pincode: subject.pincode,
    ...(product && { productId: product.productId }),
    ...(product?.variantId && { variantId: product.variantId }),
  };
  const answer = await http.get('delivery/promise', { searchParams, signal, context: { silent: true } }).json<Envelope<{ promise: DeliveryPromise }>>();
  const promise = answer.data!.promise;
  // Kept once storage is wanted (a first visit's product page loads no Dexie for it: lib/storage/device-store.ts).
  const kept = { key: promiseKey(subject.pincode, product?.productId, product?.variantId), value: { promise, seenAt: new Date().toISOString() } };
  void storeWhenWanted(asked, ({ rowsFor, cachedAnswers }) => [rowsFor(cachedAnswers, [kept])]).catch(() => undefined);
  return promise;
}

/** The promise for a subject on the one online-read client; a socket event about stock invalidates `queryKeys.promises()`. */
export const promiseQuery = (subject: PromiseSubject) => {
  const product = productOf(subject);
  const which = product ? `${product.productId}:${product.variantId ?? ''}` : `cart:${'cart' in subject ? subject.cart : ''}`;
  return queryOptions({
    queryKey: queryKeys.promise(subject.pincode, which),
    queryFn: ({ signal }) => fetchPromise(subject, signal),
    // A product's promise holds a while (the cards' too); the cart's is asked whenever it is shown.
    staleTime: product ? 30_000 : 0,
  });
};
