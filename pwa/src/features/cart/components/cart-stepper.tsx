import type { CartProduct, ChosenVariant } from '@haat/shared/cart/cart.types';
import { useCartActions } from '../hooks/use-cart-actions';

/** − quantity +: plus adds one, minus at 1 removes the line (docs/product.md#states). */
export function CartStepper({ product, variant = null, quantity }: { product: CartProduct; variant?: ChosenVariant | null; quantity: number }) {
  const { increment, decrement } = useCartActions();
  const name = variant ? `${product.name} (${variant.name})` : product.name;
  return (
    <span className="cart-stepper" role="group" aria-label={`Quantity of ${name}`}>
      <button type="button" className="cart-stepper__btn" aria-label={`Remove one ${name}`} onClick={() => void decrement(product, variant)}>
        −
      </button>
      <span className="cart-stepper__qty" aria-live="polite">
        {quantity}
      </span>
      <button type="button" className="cart-stepper__btn" aria-label={`Add one more ${name}`} onClick={() => void increment(product, 1, variant)}>
        +
      </button>
    </span>
  );
}
