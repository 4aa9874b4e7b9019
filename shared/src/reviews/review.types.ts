/** docs/product.md#records, Review, with the author's display name and avatar. */
export interface Review {
  _id: string;
  productId: string;
  name: string;
  avatar: string;
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt: string;
  /** The author has a delivered order holding this product (computed by the server on every read). */
  verifiedPurchase: boolean;
}

/** GET /api/review/{productId}: `data` plus the product's counts beside it. */
export interface ReviewList {
  data: Review[];
  totalReviews: number;
  /** One decimal; 0 when there are no reviews. */
  averageRating: number;
}
