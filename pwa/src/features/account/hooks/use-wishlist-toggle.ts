import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { deviceQuery, useDeviceQuery, openStorage } from '../../../lib/storage/device-store';
import { showHeaderMessage } from '../../../lib/ui/header-message';
import { isSignedInAtom } from '../../../lib/http/session';
import { toast } from '../../../lib/ui/toast';
import { i18n } from '../../../i18n/i18n';

// Every heart reads the same one query of the wishlist's ids, not one query per card.
const wishlistIds = deviceQuery(async (db) => new Set(await db.wishlist.toCollection().primaryKeys()));

/** Adds or removes a heart: IndexedDB and the outbox in one transaction. Answers whether it is now on, and the send. */
export async function toggleWished(productId: string): Promise<{ added: boolean; sent: Promise<number> }> {
  // Dexie and the outbox load on first need (lib/storage/device-store.ts): a card's heart is on the first visit's path.
  const [db, { outboxFacade }] = await Promise.all([openStorage(), import('../../../lib/storage/outbox-facade')]);
  const added = await outboxFacade.transaction([db.wishlist, db.products], async () => {
    if (await db.wishlist.get(productId)) {
      await db.wishlist.delete(productId);
      await outboxFacade.enqueue('wishlist.remove', { productId });
      return false;
    }
    const p = await db.products.get(productId); // the catalogue cache has what the grid shows
    const product = p && { _id: p._id, name: p.name, image: p.image, unit: p.unit, price: p.price, discount: p.discount, stock: p.stock };
    await db.wishlist.put({ _id: productId, addedAt: Date.now(), product });
    await outboxFacade.enqueue('wishlist.add', { productId });
    return true;
  });
  return { added, sent: outboxFacade.flush() };
}

/** docs/product.md#states product card wishlist: toggling adds or removes, the heart disabled while the change runs. */
export function useWishlistToggle(productId: string) {
  const signedIn = useAtomValue(isSignedInAtom);
  const navigate = useNavigate();
  const wished = useDeviceQuery(wishlistIds)?.has(productId) ?? false;
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!signedIn) {
      showHeaderMessage(i18n.t('account.loginRequired'));
      return navigate('/login');
    }
    setBusy(true);
    try {
      const { added, sent } = await toggleWished(productId);
      // The wishlist's own words (docs/product.md#states, Wishlist).
      toast.success(i18n.t(added ? 'catalog:wishlistAdded' : 'catalog:wishlistRemoved'));
      await sent;
    } catch {
      toast.error(i18n.t('catalog:wishlistFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { wished, busy, toggle };
}
