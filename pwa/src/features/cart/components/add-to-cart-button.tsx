import { useLayoutEffect, useRef } from 'react';
import type { CartProduct, ChosenVariant } from '@haat/shared/cart/cart.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { deviceQuery, useDeviceQuery } from '../../../lib/storage/device-store';
import { useCartActions } from '../hooks/use-cart-actions';
import { CartStepper } from './cart-stepper';
import './cart.css';
import { useTranslation } from '../../../i18n/i18n';

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
const cartLines = deviceQuery(async (db) => new Map((await db.cart.toArray()).map((line) => [line.key, line])));

/** What a cart line keeps of the product (not the whole catalogue entry with its variants and details). */
const toCartProduct = ({ _id, name, image, unit, price, discount, stock, maxPerOrder }: CartProduct) => ({
  _id,
  name,
  image,
  unit,
  price,
  discount,
  stock,
  maxPerOrder,
});

/** Whether this product (in this variant) already has a cart line: the product page then drops its pre-add quantity chooser. */
export function useInCart(productId: string, variantId?: string | null): boolean {
  return useDeviceQuery(cartLines)?.has(cartLineKey(productId, variantId)) ?? false;
}

/** Cards, product page and quick view: "Add", then a stepper once the product (in this variant) is in the cart. */
export function AddToCartButton({ product, quantity = 1, label, variant = null }: Props) {
  const { t } = useTranslation('catalog');
  const inCart = useDeviceQuery(cartLines)?.get(cartLineKey(product._id, variant?._id));
  const { increment } = useCartActions();
  // Add and the stepper replace each other: focus moves to the new one (docs/product.md#keyboard-and-screen-readers).
  const focusNext = useRef(false);
  const control = useRef<HTMLElement>(null);
  const shown = inCart ? 'stepper' : 'add';
  useLayoutEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    control.current?.focus();
  }, [shown]);
  const holdFocus = (e: { currentTarget: HTMLElement }) => {
    focusNext.current = document.activeElement === e.currentTarget;
  };
  if (inCart)
    return (
      <CartStepper
        // A line stored before lines carried the limit takes the product's.
        product={{ ...inCart.product, maxPerOrder: inCart.product.maxPerOrder ?? product.maxPerOrder }}
        variant={inCart.variant ?? null}
        quantity={inCart.quantity}
        focusRef={control}
        onRemoveLast={holdFocus}
      />
    );
  const visible = label ?? t('add');
  return (
    <button
      ref={(button) => void (control.current = button)}
      type="button"
      className="btn btn--primary btn--small add-to-cart"
      disabled={product.stock <= 0}
      // The name begins with the visible text (WCAG 2.5.3 "label in name"), then the product: "Add: Basmati Rice".
      aria-label={t('labelNamed', { label: visible, name: variant ? `${product.name} (${variant.name})` : product.name })}
      onClick={(e) => {
        holdFocus(e);
        void increment(toCartProduct(product), quantity, variant);
      }}
    >
      {visible}
    </button>
  );
}
