import type { CartProduct } from '@haat/shared/cart/cart.types';
import { db } from '../../../lib/db';
import { sharedLiveQuery, useSharedLiveQuery } from '../../../lib/shared-live-query';
import { useCartActions } from '../hooks/use-cart-actions';
import { CartStepper } from './cart-stepper';
import './cart.css';

interface Props {
  product: CartProduct;
  /** The product page's chosen quantity: the first Add puts that many in the cart. */
  quantity?: number;
  /** Cards say "Add"; the product page and the quick view "Add to Cart" (spec §2). */
  label?: string;
}

// Every card's button reads the same one query of the (small) cart, not one query per card.
const cartLines = sharedLiveQuery(async () => new Map((await db.cart.toArray()).map((line) => [line.productId, line])));

/** Cards, product page and quick view: "Add", then a stepper once the product is in the cart. */
export function AddToCartButton({ product, quantity = 1, label = 'Add' }: Props) {
  const inCart = useSharedLiveQuery(cartLines)?.get(product._id);
  const { increment } = useCartActions();
  if (inCart) return <CartStepper product={inCart.product} quantity={inCart.quantity} />;
  return (
    <button
      type="button"
      className="btn btn--primary btn--small add-to-cart"
      disabled={product.stock <= 0}
      // The accessible name holds the visible text (WCAG 2.5.3 "label in name"), so a voice user can say it.
      aria-label={label === 'Add' ? `Add ${product.name} to cart` : `${label}: ${product.name}`}
      onClick={() => void increment(product, quantity)}
    >
      {label}
    </button>
  );
}
