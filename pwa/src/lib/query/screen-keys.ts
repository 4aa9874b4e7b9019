/**
 * The keys of the shopper's reads that `/` never makes (checkout's coupon, the address form, the card payment's cancel
 * page, a product's reviews, the notice switches), a module apart from query-keys.ts so that the first visit's chunk carries none of them.
 */
export const screenKeys = {
  /** A coupon priced for the cart's lines (checkout). */
  coupon: (code: string, cart: string) => ['coupon', code, cart] as const,
  /** The stores that hold the cart's lines now, to pick them up at (checkout). */
  pickupStores: (cart: string) => ['checkout', 'pickup-stores', cart] as const,
  /** Leaving Stripe unpaid (checkout/api.ts): asked once per order, however often the page draws. */
  abandon: (orderId: string) => ['checkout', 'abandon', orderId] as const,
  pincode: (pincode: string) => ['pincode', pincode] as const,
  allReviews: (productId: string, total: number) => ['reviews', 'all', productId, total] as const,
  myReview: (productId: string, userId: string | null) => ['reviews', 'mine', productId, userId] as const,
  /** The signed-in shopper's notice switches (My Profile). */
  noticeConsents: () => ['user', 'notices'] as const,
};
