import type { CartProduct, ChosenVariant } from '@haat/shared/cart/cart.types';
import { useCartActions } from '../hooks/use-cart-actions';
import { useTranslation } from 'react-i18next';

/** − quantity +: plus adds one, minus at 1 removes the line (docs/product.md#states). */
export function CartStepper({ product, variant = null, quantity }: { product: CartProduct; variant?: ChosenVariant | null; quantity: number }) {
  const { increment, decrement } = useCartActions();
  const { t } = useTranslation('cart');
  const name = variant ? `${product.name} (${variant.name})` : product.name;
  return (
    <span className="cart-stepper" role="group" aria-label={t('quantityOf', { name })}>
      <button type="button" className="cart-stepper__btn" aria-label={t('removeOne', { name })} onClick={() => void decrement(product, variant)}>
        −
      </button>
      <span className="cart-stepper__qty" aria-live="polite">
        {quantity}
      </span>
      <button type="button" className="cart-stepper__btn" aria-label={t('addOne', { name })} onClick={() => void increment(product, 1, variant)}>
        +
      </button>
    </span>
  );
}
