/**
 * The words both processes of an order (fulfilment-process.ts, payment-process.ts) are written in: who asks for a
 * move, and what a move does besides moving (its effects, named on its row and run by the API's lifecycle).
 */

/**
 * Who asks for a move: the shopper, an admin on the order screens, a store's queue (an admin packing, sending out
 * or handing over the store's own orders), the card provider (paid, processing, payment failed) or a clock (a card
 * session running out, a pickup not collected in time).
 */
export const ORDER_ACTORS = ['customer', 'admin', 'store', 'payment', 'timer'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * What a move does besides moving, as its row names it (api/src/orders/lifecycle/transition.ts runs each):
 * - `fulfilStock`: the order's units leave the shelf for good (it left the warehouse, the store, or the counter);
 * - `releaseStock`: what the order holds comes back to sale (a cancellation; an expiry when the clock asks);
 * - `returnToOrigin`: cancelled on its way: what it still reserves comes back, the parcel is awaited as a return;
 * - `endUnpaidHold`: the order stops counting against its account's unpaid hold;
 * - `clearCart`: its products leave the shopper's cart (a card order, once paid);
 * - `invoice`: the tax invoice is issued (the sale is complete); `creditNote`: it is reversed;
 * - `refund`: the card payment is given back (after the commit);
 * - `closeSession`: the card provider's session is closed (after the commit);
 * - `releaseCoupon`: the coupon's use is given back;
 * - `placed`: the shop hears of a new order (a card order is placed by its payment);
 * - `issuePickupCode`: a pickup order gets the code its shopper shows at the counter (docs/product.md#store-pickup).
 */
export const ORDER_EFFECTS = [
  'fulfilStock',
  'releaseStock',
  'returnToOrigin',
  'endUnpaidHold',
  'clearCart',
  'invoice',
  'creditNote',
  'refund',
  'closeSession',
  'releaseCoupon',
  'placed',
  'issuePickupCode',
] as const;
export type OrderEffect = (typeof ORDER_EFFECTS)[number];
