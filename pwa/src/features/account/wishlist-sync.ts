import type { Envelope } from '@haat/shared/common/envelope';
import type { WishlistBody } from '@haat/shared/wishlist/wishlist.schema';
import type { WishlistProduct } from '@haat/shared/wishlist/wishlist.types';
import { db } from '../../lib/storage/db';
import { http } from '../../lib/http/http';
import { outboxFacade } from '../../lib/storage/outbox-facade';

const wishlistApi = {
  list: () => http.get('wishlist/get', { context: { silent: true } }).json<Envelope<WishlistProduct[]>>(),
  add: (body: WishlistBody) => http.post('wishlist/add', { json: body, retry: 0, context: { silent: true } }).json<Envelope<unknown>>(),
  remove: (body: WishlistBody) => http.post('wishlist/remove', { json: body, retry: 0, context: { silent: true } }).json<Envelope<unknown>>(),
};

const snapshot = ({ _id, name, image, unit, price, discount, stock }: WishlistProduct) => ({ _id, name, image, unit, price, discount, stock });

const HEARTS = ['wishlist.add', 'wishlist.remove'] as const;

/**
 * GET /api/wishlist/get into IndexedDB, with hearts still queued on this device laid on top. A heart acknowledged while
 * this read was on its way has left the queue, and this older answer would undo it: the answer is then not stored.
 */
export async function reloadWishlist(): Promise<void> {
  const before = outboxFacade.acknowledged(HEARTS);
  const { data } = await wishlistApi.list();
  await outboxFacade.transaction([db.wishlist], async () => {
    if (outboxFacade.acknowledged(HEARTS) !== before) return;
    const local = new Map((await db.wishlist.toArray()).map((w) => [w._id, w]));
    await db.wishlist.clear();
    await db.wishlist.bulkPut((data ?? []).map((p) => ({ _id: p._id, addedAt: Date.parse(p.addedAt) || Date.now(), product: snapshot(p) })));
    for (const e of await outboxFacade.pending(HEARTS)) {
      const id = e.body.productId;
      if (e.op === 'wishlist.add' && local.has(id)) await db.wishlist.put(local.get(id)!);
      if (e.op === 'wishlist.remove') await db.wishlist.delete(id);
    }
  });
}

/** Hearts go out one by one; add and remove are set operations, so a resend changes nothing. */
export function registerWishlistSync(): void {
  outboxFacade.register('wishlist.add', { send: ([e]) => wishlistApi.add(e!.body) });
  outboxFacade.register('wishlist.remove', { send: ([e]) => wishlistApi.remove(e!.body) });
}
