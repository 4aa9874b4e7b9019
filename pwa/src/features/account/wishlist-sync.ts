import type { Envelope } from '@haat/shared/common/envelope';
import type { WishlistBody } from '@haat/shared/wishlist/wishlist.schema';
import type { WishlistProduct } from '@haat/shared/wishlist/wishlist.types';
import { http } from '../../lib/http/http';
import { outboxFacade } from '../../lib/storage/outbox-facade';
import { wishlistEntries } from '../../lib/storage/device-collections';
import { refreshFromServer, rowsFor } from '../../lib/storage/server-copy';

const wishlistApi = {
  list: () => http.get('wishlist/get', { context: { silent: true } }).json<Envelope<WishlistProduct[]>>(),
  add: (body: WishlistBody) => http.post('wishlist/add', { json: body, retry: 0, context: { silent: true } }).json<Envelope<unknown>>(),
  remove: (body: WishlistBody) => http.post('wishlist/remove', { json: body, retry: 0, context: { silent: true } }).json<Envelope<unknown>>(),
  seen: () => http.post('wishlist/seen', { retry: 0, context: { silent: true } }).json<Envelope<unknown>>(),
};

const snapshot = ({ _id, name, image, unit, price, discount, stock, priceDrop }: WishlistProduct) => ({
  _id,
  name,
  image,
  unit,
  price,
  discount,
  stock,
  priceDrop,
});

/** GET /api/wishlist/get into IndexedDB, through the one rule (lib/storage/server-copy.ts). */
export async function reloadWishlist(): Promise<void> {
  await refreshFromServer(wishlistApi.list, ({ data }) => [
    rowsFor(
      wishlistEntries,
      (data ?? []).map((p) => ({ _id: p._id, addedAt: Date.parse(p.addedAt) || Date.now(), product: snapshot(p) })),
    ),
  ]);
}

/**
 * The wishlist screen's reload: the server's copy, with its "Price dropped" marks, then the marks are seen
 * (docs/product.md#price-drops); a failed "seen" leaves them for the next visit.
 */
export async function reloadWishlistSeeingDrops(): Promise<void> {
  await reloadWishlist();
  await wishlistApi.seen().catch(() => undefined);
}

/** Hearts go out one by one; add and remove are set operations, so a resend changes nothing. */
export function registerWishlistSync(): void {
  outboxFacade.register('wishlist.add', { send: ([e]) => wishlistApi.add(e!.body) });
  outboxFacade.register('wishlist.remove', { send: ([e]) => wishlistApi.remove(e!.body) });
}
