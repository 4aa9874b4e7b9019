import type { CartProduct, ChosenVariant } from '@haat/shared/cart/cart.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { sharedLiveQuery, useSharedLiveQuery } from '../../../lib/storage/shared-live-query';
import { useCartActions } from '../hooks/use-cart-actions';
import { CartStepper } from './cart-stepper';
import './cart.css';
import { useTranslation } from 'react-i18next';

interface Props {
  product: CartProduct;
  /** The product page's chosen quantity: the first Add puts that many in the cart. */
  quantity?: number;
  /** Cards say "Add" (no label); the product page and the quick view "Add to Cart" (docs/product.md#screens). */
  label?: string;
  /** The product page's chosen variant: `product` then carries its price, stock and pictures. */
  variant?: ChosenVariant | null;
}

// Every card's button reads the same one query of the (small) cart, not one query per card.
const cartLines = sharedLiveQuery(async (db) => new Map((await db.cart.toArray()).map((line) => [line.key, line])));

/** What a cart line keeps of the product (not the whole catalogue entry with its variants and details). */
const toCartProduct = ({ _id, name, image, unit, price, discount, stock }: CartProduct): CartProduct => ({ _id, name, image, unit, price, discount, stock });

/** Whether this product (in this variant) already has a cart line: the product page then drops its pre-add quantity chooser. */
export function useInCart(productId: string, variantId?: string | null): boolean {
  return useSharedLiveQuery(cartLines)?.has(cartLineKey(productId, variantId)) ?? false;
}

/** Cards, product page and quick view: "Add", then a stepper once the product (in this variant) is in the cart. */
export function AddToCartButton({ product, quantity = 1, label, variant = null }: Props) {
  const { t } = useTranslation('cart');
  const inCart = useSharedLiveQuery(cartLines)?.get(cartLineKey(product._id, variant?._id));
  const { increment } = useCartActions();
  if (inCart) return <CartStepper product={inCart.product} variant={inCart.variant ?? null} quantity={inCart.quantity} />;
  return (
    <button
      type="button"
      className="btn btn--primary btn--small add-to-cart"
      disabled={product.stock <= 0}
      // The accessible name holds the visible text (WCAG 2.5.3 "label in name"), so a voice user can say it.
      aria-label={
        label === undefined
          ? t('addNamed', { name: product.name })
          : t('labelNamed', { label, name: variant ? `${product.name} (${variant.name})` : product.name })
      }
      onClick={() => void increment(toCartProduct(product), quantity, variant)}
    >
      {label ?? t('add')}
    </button>
  );
}
