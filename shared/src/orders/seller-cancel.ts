/**
 * Why the shop cancels an order a buyer app placed, as ONDC's seller cancellation codes (retail 1.2.5's reason codes
 * used by the seller, docs/product.md#selling-on-ondc): items not available, buyer not found, delivery refused,
 * address not found, not serviceable, store not responding, the shop's device, out of hours, store rush. The buyer
 * app tells its buyer. 002 is the one told when the admin names none.
 */
export const SELLER_CANCEL_REASONS = ['002', '011', '013', '014', '018', '021', '022', '023', '024'] as const;
export type SellerCancelReason = (typeof SELLER_CANCEL_REASONS)[number];
