import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import type { CartProduct, ChosenVariant } from '@haat/shared/cart/cart.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { openStorage } from '../../../lib/storage/storage';
import { isSignedInAtom } from '../../../lib/http/session';
import { toast } from '../../../lib/ui/toast';
import { i18n } from '../../../i18n/i18n';

/**
 * docs/product.md#states, Cart: plus adds one, minus at 1 removes, and all of it needs a signed-in shopper. A line is a
 * product in a variant (the same product in two variants is two lines). Each change
 * is written to IndexedDB and queued in the same transaction (so neither exists without the other),
 * then sent if the network allows; the screen never waits for the server.
 */
export function useCartActions() {
  const signedIn = useAtomValue(isSignedInAtom);
  const navigate = useNavigate();

  const change = useCallback(
    async (product: CartProduct, delta: number, variant: ChosenVariant | null) => {
      const name = variant ? `${product.name} (${variant.name})` : product.name;
      const variantId = variant?._id ?? null;
      const key = cartLineKey(product._id, variantId);
      if (!signedIn) {
        toast.error(i18n.t(delta > 0 ? 'cart:toast.loginToAdd' : 'cart:toast.loginToUpdate'));
        navigate('/login');
        return;
      }
      // Dexie and the outbox load on first need (lib/storage/storage.ts): a card's Add is on the first visit's path.
      const [db, { outboxFacade }] = await Promise.all([openStorage(), import('../../../lib/storage/outbox-facade')]);
      const outcome = await outboxFacade.transaction([db.cart], async () => {
        const line = await db.cart.get(key);
        const before = line?.quantity ?? 0;
        const stock = Math.max(0, Math.floor(line?.product.stock ?? product.stock));
        const quantity = Math.max(0, Math.min(before + delta, Math.max(stock, before)));
        if (quantity === before) return delta > 0 ? (stock === 0 ? 'out' : `max:${stock}`) : 'same';
        if (quantity === 0) await db.cart.delete(key);
        else
          await db.cart.put({
            ...line,
            key,
            productId: product._id,
            variantId,
            variant,
            product: line?.product ?? product,
            quantity,
            addedAt: line?.addedAt ?? Date.now(),
          });
        await outboxFacade.enqueue('cart.sync', { items: [{ productId: product._id, variantId, quantity }] });
        return before === 0 ? 'added' : quantity === 0 ? 'removed' : 'changed';
      });
      if (outcome === 'added') toast.success(i18n.t('cart:toast.added'));
      if (outcome === 'removed') toast.success(i18n.t('cart:toast.removed'));
      if (outcome === 'out') toast.error(i18n.t('cart:toast.outOfStock', { name }));
      if (outcome.startsWith('max:')) toast.plain(i18n.t('cart:toast.onlyInStock', { name, count: Number(outcome.slice(4)) }));
      void outboxFacade.flush();
    },
    [signedIn, navigate],
  );

  return {
    /** `variant`: the chosen variant, whose price, stock and pictures `product` then carries. */
    increment: useCallback((product: CartProduct, units = 1, variant: ChosenVariant | null = null) => change(product, Math.max(1, units), variant), [change]),
    decrement: useCallback((product: CartProduct, variant: ChosenVariant | null = null) => change(product, -1, variant), [change]),
  };
}
