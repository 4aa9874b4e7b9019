import type { Envelope } from '@haat/shared/common/envelope';
import type { WishlistProduct } from '@haat/shared/wishlist/wishlist.types';
import { db } from '../../lib/db';
import { http } from '../../lib/http';
import type { Outbox } from '../../lib/outbox';
import { OUTBOX_OPS } from '../../lib/outbox-ops';

type WishBody = { productId: string };

const wishlistApi = {
  list: () => http.get('wishlist/get', { context: { silent: true } }).json<Envelope<WishlistProduct[]>>(),
  add: (productId: string) => http.post('wishlist/add', { json: { productId }, retry: 0, context: { silent: true } }).json<Envelope<unknown>>(),
  remove: (productId: string) => http.post('wishlist/remove', { json: { productId }, retry: 0, context: { silent: true } }).json<Envelope<unknown>>(),
};

const snapshot = ({ _id, name, image, unit, price, discount, stock }: WishlistProduct) => ({ _id, name, image, unit, price, discount, stock });

/** GET /api/wishlist/get into IndexedDB, with hearts still queued on this device laid on top. */
export async function reloadWishlist(): Promise<void> {
  const { data } = await wishlistApi.list();
  await db.transaction('rw', db.wishlist, db.outbox, async () => {
    const local = new Map((await db.wishlist.toArray()).map((w) => [w._id, w]));
    await db.wishlist.clear();
    await db.wishlist.bulkPut((data ?? []).map((p) => ({ _id: p._id, addedAt: Date.parse(p.addedAt) || Date.now(), product: snapshot(p) })));
    for (const e of await db.outbox.orderBy('key').toArray()) {
      const id = (e.body as WishBody).productId;
      if (e.op === OUTBOX_OPS.wishlistAdd && local.has(id)) await db.wishlist.put(local.get(id)!);
      if (e.op === OUTBOX_OPS.wishlistRemove) await db.wishlist.delete(id);
    }
  });
}

/** Hearts go out one by one; add and remove are set operations, so a resend changes nothing. */
export function registerWishlistSync(outbox: Outbox): void {
  outbox.register<WishBody, unknown>(OUTBOX_OPS.wishlistAdd, { send: ([e]) => wishlistApi.add(e!.body.productId) });
  outbox.register<WishBody, unknown>(OUTBOX_OPS.wishlistRemove, { send: ([e]) => wishlistApi.remove(e!.body.productId) });
}
