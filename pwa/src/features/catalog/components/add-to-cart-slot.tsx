import type { Product } from '@haat/shared/catalog/catalog.types';
import { AddToCartButton } from '../../cart/public';

/**
 * Where a product card, the product page and the quick view put their add-to-cart control: the cart
 * feature's "Add" then stepper (it owns the cart store and the sign-in check).
 */
export function AddToCartSlot({ product, quantity, label }: { product: Product; quantity?: number; label?: string }) {
  return <AddToCartButton product={product} quantity={quantity} label={label} />;
}
