// No zod here: the product page's delivery check imports this, and zod stays off the shopper's first pages
// (the schema, `Pincode`, is in address.schema.ts).

/** An Indian pincode: six digits, never starting with 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

/** GET /api/address/pincode/:pincode: the place India Post's directory lists, and whether and when the shop delivers there. */
export const PINCODE_PATH = 'address/pincode';

export interface PincodePlace {
  pincode: string;
  city: string;
  district: string;
  state: string;
  /** Whether the shop delivers to this state (the delivery zones). */
  serviceable: boolean;
  /** Days from an order today to its delivery; null where the shop does not deliver. */
  deliveryDays: number | null;
  /** The estimated delivery date (YYYY-MM-DD, the shop's calendar); null where the shop does not deliver. */
  deliveryBy: string | null;
}
