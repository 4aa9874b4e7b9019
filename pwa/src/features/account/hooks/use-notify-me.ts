import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { deviceQuery, openStorage, useDeviceQuery } from '../../../lib/storage/device-store';
import { isSignedInAtom } from '../../../lib/http/session';
import { showHeaderMessage } from '../../../lib/ui/header-message';
import { toast } from '../../../lib/ui/toast';
import { i18n } from '../../../i18n/i18n';

/** A product's own unit (variantId null) or one of its options. */
export interface WaitedUnit {
  productId: string;
  variantId: string | null;
}

// Every card's "Notify me" reads the same one query of the waits' keys, not one query per card.
const waitKeys = deviceQuery(async (db) => new Set(await db.notifyMe.toCollection().primaryKeys()));

/**
 * Starts (`on`) or ends a "Notify me" wait (docs/product.md#back-in-stock): the device's row and the queued ask in one
 * transaction, so it holds offline and is sent when the shop can be reached (asks and removals are set operations).
 */
export async function setNotifyMe({ productId, variantId }: WaitedUnit, on: boolean): Promise<{ sent: Promise<number> }> {
  // Dexie and the outbox load on first need (lib/storage/device-store.ts): a card's button is on the first visit's path.
  const [db, { outboxFacade }] = await Promise.all([openStorage(), import('../../../lib/storage/outbox-facade')]);
  const key = cartLineKey(productId, variantId);
  const body = { productId, ...(variantId ? { variantId } : {}) };
  await outboxFacade.transaction([db.notifyMe], async () => {
    if (on) {
      if (!(await db.notifyMe.get(key))) await db.notifyMe.put({ key, productId, variantId, addedAt: Date.now() });
      await outboxFacade.enqueue('notify-me.add', body);
    } else {
      await db.notifyMe.delete(key);
      await outboxFacade.enqueue('notify-me.remove', body);
    }
  });
  return { sent: outboxFacade.flush() };
}

/** "Notify me" on a sold-out unit: whether this device holds a wait for it, and the ask (sign-in first). */
export function useNotifyMe(unit: WaitedUnit) {
  const signedIn = useAtomValue(isSignedInAtom);
  const navigate = useNavigate();
  const waiting = useDeviceQuery(waitKeys)?.has(cartLineKey(unit.productId, unit.variantId)) ?? false;
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    if (!signedIn) {
      showHeaderMessage(i18n.t('account.loginRequired'));
      return navigate('/login');
    }
    setBusy(true);
    try {
      const { sent } = await setNotifyMe(unit, true);
      toast.success(i18n.t('catalog:notifyMeAsked'));
      await sent;
    } catch {
      toast.error(i18n.t('catalog:wishlistFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { signedIn, waiting, busy, ask };
}
