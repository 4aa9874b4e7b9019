import type { CartProduct } from '@haat/shared/cart/cart.types';
import { useCartActions } from '../hooks/use-cart-actions';

/** − quantity +: plus adds one, minus at 1 removes the line (spec §4). */
export function CartStepper({ product, quantity }: { product: CartProduct; quantity: number }) {
  const { increment, decrement } = useCartActions();
  return (
    <span className="cart-stepper" role="group" aria-label={`Quantity of ${product.name}`}>
      <button type="button" className="cart-stepper__btn" aria-label={`Remove one ${product.name}`} onClick={() => void decrement(product)}>
        −
      </button>
      <span className="cart-stepper__qty" aria-live="polite">
        {quantity}
      </span>
      <button type="button" className="cart-stepper__btn" aria-label={`Add one more ${product.name}`} onClick={() => void increment(product)}>
        +
      </button>
    </span>
  );
}
