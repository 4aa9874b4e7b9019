import type { DeliveryPromise } from '../addresses/delivery-promise.js';
import type { OrderReturn } from './returns.js';
import type { PartCancellation } from './part-cancel.js';
import type { Address } from '../addresses/address.types.js';
import type { OrderStage, PaymentStatus, StatusHistoryEntry } from './order-stages.js';
import type { StoredFulfilment } from './fulfilment-process.js';
import type { OpeningHours } from '../stores/store.schema.js';

/** The delivery address as it was when the order was placed (the shopper may edit theirs later). */
export interface OrderAddress extends Pick<
  Address,
  '_id' | 'name' | 'building' | 'address_line' | 'district' | 'city' | 'state' | 'country' | 'pincode' | 'mobile'
> {
  /** The buyer's GSTIN, when the address carried one (orders placed before GSTINs were taken have none). */
  gstin?: string | null;
  /** The docs/product.md#records names for the same facts: street = address_line, postalCode = pincode. */
  street: string;
  postalCode: string;
  /** One line for tables: building, street, city, district, state, pincode, country. */
  address: string;
}

/** One ordered product, with the price it was bought at. */
export interface OrderLine {
  productId: string;
  /** The variant bought (its `_id` and a copy of its name), or null for a product without variants. */
  variantId: string | null;
  variantName: string | null;
  name: string;
  image: string[];
  unit: string;
  quantity: number;
  /** List price and discount percent at the time of the order. */
  price: number;
  discount: number;
  /** price − ceil(price × discount / 100): what one unit cost. */
  unitPrice: number;
  subTotalAmt: number;
}

export interface OrderUserRef {
  _id: string;
  name: string;
  mobile: string;
  email: string;
}

/** Cash on delivery (or at the counter), a card or UPI payment at the provider, or paid to a buyer app on ONDC (prepaid). */
export type PaymentMethod = 'COD' | 'CARD' | 'NETWORK';

/** An order that came from elsewhere than the shop's PWA: a buyer app on ONDC, and the order's id there. */
export interface OrderChannel {
  kind: 'ondc';
  /** The buyer app's subscriber id (context.bap_id). */
  buyerApp: string;
  networkOrderId: string;
}

/** docs/product.md#records, Order, as every order route answers it. */
export interface Order {
  _id: string;
  orderId: string;
  /** The id for a customer's own list; populated with name and mobile in the admin list. */
  userId: string | OrderUserRef;
  createdAt: string;
  updatedAt: string;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  /** The furthest stage reached, or null while a card payment is awaited. */
  status: OrderStage | null;
  subTotalAmt: number;
  totalAmt: number;
  /** Units across all lines. */
  quantity: number;
  delivery_address: OrderAddress;
  /**
   * When the order is expected (YYYY-MM-DD, the shop's calendar): its placing day plus the delivery rule's days for its
   * address (docs/product.md#delivery); null for an address the rule does not serve.
   */
  expectedDeliveryBy?: string | null;
  /**
   * How it is fulfilled (docs/product.md#delivery, #store-pickup): a dark store sends it from its own shelves, the
   * national warehouse by courier, or the shopper picks it up at a store (`pickup`).
   */
  fulfilment?: StoredFulfilment;
  /**
   * A pickup order's store, with its address and hours; its `code` only in its own shopper's answers, and only
   * while it waits ready at the counter.
   */
  pickup?: OrderPickup;
  /** The store that sends an express order; null for the warehouse's. */
  store?: { _id: string; name: string } | null;
  /** The delivery promise the order was placed under; null on orders placed before promises were recorded. */
  promise?: DeliveryPromise | null;
  /** When an express order is due (createdAt + the promise's minutes, an ISO time); absent on a courier order. */
  dueAt?: string;
  /** The coupon applied (docs/product.md#coupons) and what it took off the subtotal; totalAmt is after it. */
  couponCode?: string | null;
  discountAmt?: number;
  product_details: OrderLine[];
  statusHistory: StatusHistoryEntry[];
  /** The order's tax invoice once it is issued (docs/product.md#tax-invoices): `GET /api/order/:orderId/invoice`. */
  invoice?: TaxDocumentRef | null;
  /** Credit notes reversing the invoice (a cancellation after payment): `GET /api/order/:orderId/credit-note`. */
  creditNotes?: TaxDocumentRef[];
  /** Returns asked for this order, oldest first (docs/product.md#returns). */
  returns?: OrderReturn[];
  /** Units the shop took off the order before it left (docs/product.md#cancelling-part-of-an-order), oldest first. */
  partCancellations?: PartCancellation[];
  /** Present once a cancelled card payment has been refunded (Stripe's refund id). */
  refundId?: string;
  /** A card session completed with the payment still to come (a UPI app to approve it): "Waiting for your UPI app". */
  payment_processing?: boolean;
  /** Where the order came from, when not the shop's PWA (docs/product.md#selling-on-ondc); absent for the PWA's. */
  channel?: OrderChannel;
}

/** Where a pickup order waits and what its shopper shows at the counter (docs/product.md#store-pickup). */
export interface OrderPickup {
  storeId: string;
  store: PickupStore;
  /** The 4-digit code, to its shopper only, once the order is ready and until it is handed over or cancelled. */
  code?: string;
  /** When the hand-over locked after too many wrong codes (an ISO time it opens again); absent when it is not locked. */
  lockedUntil?: string;
  /** When an order ready and not collected is cancelled (an ISO time); absent until it is ready. */
  collectBy?: string;
}

/** A store as a shopper picks up at it: its place and its counter's hours. */
export interface PickupStore extends OpeningHours {
  _id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
}

/** The 409 body extras when the client's total is stale: the server's current prices. */
export interface CurrentTotals {
  totalAmt: number;
  subTotalAmt: number;
  itemsTotal: number;
  savings: number;
  /** The coupon applied and what it takes off the subtotal (0 without one). */
  couponCode?: string | null;
  discountAmt?: number;
  product_details: Array<Pick<OrderLine, 'productId' | 'variantId' | 'variantName' | 'name' | 'quantity' | 'price' | 'discount' | 'unitPrice' | 'subTotalAmt'>>;
}

/** A tax document of an order, as its order shows it: the number and when it was issued. */
export interface TaxDocumentRef {
  number: string;
  date: string;
}
