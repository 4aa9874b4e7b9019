import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CartProduct, ChosenVariant } from '@haat/shared/cart/cart.types';
import { isSignedInAtom } from '../../../lib/http/session';
import { loginReturnState, type PendingAdd } from '../../../lib/http/login-redirect-rule';
import { toast } from '../../../lib/ui/toast';
import { i18n } from '../../../i18n/i18n';

/** docs/product.md#states, Cart: needs a signed-in shopper; signed out, Add goes to /login carrying what was being added. */
export function useCartActions() {
  const signedIn = useAtomValue(isSignedInAtom);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const change = useCallback(
    async (product: CartProduct, delta: number, variant: ChosenVariant | null) => {
      if (!signedIn) {
        toast.error(delta > 0 ? i18n.t('catalog:loginToAdd') : i18n.t('catalog:loginToUpdate'));
        const add: PendingAdd | undefined = delta > 0 ? { product, quantity: delta, variant } : undefined;
        navigate('/login', { state: { ...loginReturnState(`${pathname}${search}`), add } });
        return;
      }
      // The change loads on the first tap, with its storage: cards' Add is on `/` (docs/decisions/0091-a-lighter-first-visit.md).
      const { changeCart } = await import('../change-cart');
      await changeCart(product, delta, variant);
    },
    [signedIn, navigate, pathname, search],
  );

  return {
    /** `variant`: the chosen variant, whose price, stock and pictures `product` then carries. */
    increment: useCallback((product: CartProduct, units = 1, variant: ChosenVariant | null = null) => change(product, Math.max(1, units), variant), [change]),
    decrement: useCallback((product: CartProduct, variant: ChosenVariant | null = null) => change(product, -1, variant), [change]),
  };
}
