import type { CartProduct } from '../cart/cart.types.js';

/** A wishlist entry is a product (docs/product.md#records); these are the fields the wishlist grid shows. */
export interface WishlistProduct extends CartProduct {
  inStock: boolean;
  averageRating: number;
  totalReviews: number;
  addedAt: string;
}
