import type { CartProduct } from '../cart/cart.types.js';

/** A wishlist entry is a product (docs/product.md#records); these are the fields the wishlist grid shows. */
export interface WishlistProduct extends CartProduct {
  inStock: boolean;
  averageRating: number;
  totalReviews: number;
  addedAt: string;
  /**
   * A price drop the shopper has not seen yet (docs/product.md#price-drops): the selling price it fell from and by
   * how much, in rupees. Absent when there is none, or the price has climbed back since.
   */
  priceDrop?: { from: number; by: number };
}
