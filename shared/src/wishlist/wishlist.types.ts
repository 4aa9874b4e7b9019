/** A wishlist entry is a product (spec §3); these are the fields the wishlist grid shows. */
export interface WishlistProduct {
  _id: string;
  name: string;
  image: string[];
  unit: string;
  price: number;
  discount: number;
  stock: number;
  inStock: boolean;
  averageRating: number;
  totalReviews: number;
  addedAt: string;
}
