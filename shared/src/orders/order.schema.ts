import { z } from 'zod';
import { SELLER_CANCEL_REASONS } from './seller-cancel.js';
import { Id, IdRef, Limit, Money, Page } from '../common/fields.js';
import { ORDER_STAGES } from './order-stages.js';
import { VariantId } from '../cart/cart.schema.js';
import { CouponCode } from '../promotions/coupon.schema.js';
import { deliveryPromiseSchema, type DeliveryPromise } from '../addresses/delivery-promise.js';

/** One order can hold at most this many different products, and this many units of one product. */
export const ORDER_LIMITS = { maxLines: 100, maxQuantity: 1000, adminPageSize: 20, adminMaxPageSize: 100 } as const;

const Quantity = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(ORDER_LIMITS.maxQuantity, { error: `must be at most ${ORDER_LIMITS.maxQuantity}` }),
);

/**
 * A line as the checkout screen sends it: the cart item itself (`productId` populated or a bare id,
 * `quantity`), so extra cart fields (`_id`, `subTotalAmt`…) are accepted and ignored. The server
 * never reads a price from here.
 */
export const OrderLineInput = z.looseObject({ productId: IdRef, variantId: VariantId, quantity: Quantity });

const placeOrderFields = {
  list_items: z
    .array(OrderLineInput, { error: 'must be a list of cart items' })
    .min(1, { error: 'must hold at least one item' })
    .max(ORDER_LIMITS.maxLines, { error: `must hold at most ${ORDER_LIMITS.maxLines} items` }),
  /** What the shopper saw as the grand total; a mismatch with the server's prices is a 409. */
  totalAmt: Money,
  subTotalAmt: Money.optional(),
  /** docs/product.md#api names it `address` for cash on delivery and `addressId` for checkout; both are accepted. */
  address: IdRef.optional(),
  addressId: IdRef.optional(),
  /** A coupon code the shopper applied (docs/product.md#coupons); totalAmt is then the discounted total. */
  couponCode: CouponCode.optional(),
  /** The delivery promise the shopper was shown (docs/product.md#delivery): an express one the store can no longer keep is a 409 PROMISE_CHANGED. */
  promise: deliveryPromiseSchema.optional(),
  /** Picked up at this store instead of delivered (docs/product.md#store-pickup): no address, no promise. */
  pickup: z.object({ storeId: Id }, { error: 'must be { storeId }' }).optional(),
};

/** The shape the services work with, whichever of the two payloads came in. */
export interface PlaceOrderInput {
  items: Array<{ productId: string; variantId: string | null; quantity: number }>;
  totalAmt: number;
  subTotalAmt?: number;
  /** The delivery address; absent exactly when the order is picked up. */
  addressId?: string;
  couponCode?: string;
  promise?: DeliveryPromise;
  pickup?: { storeId: string };
}

export const PlaceOrderBody = z
  .object(placeOrderFields)
  .superRefine((body, ctx) => {
    const address = body.address ?? body.addressId;
    if (body.pickup && (address || body.promise))
      ctx.addIssue({ code: 'custom', path: ['pickup'], message: 'is picked up at a store: send no delivery address or promise with it.' });
    if (!body.pickup && !address) ctx.addIssue({ code: 'custom', path: ['addressId'], message: 'is required: Please select a delivery address.' });
  })
  .transform((body): PlaceOrderInput => ({
    items: body.list_items.map((line) => ({ productId: line.productId, variantId: line.variantId, quantity: line.quantity })),
    totalAmt: body.totalAmt,
    subTotalAmt: body.subTotalAmt,
    ...(body.couponCode ? { couponCode: body.couponCode } : {}),
    ...(body.pickup
      ? { pickup: { storeId: body.pickup.storeId } }
      : { addressId: body.addressId ?? body.address, ...(body.promise ? { promise: body.promise } : {}) }),
  }));

/** POST /api/order/pickup-stores: the checkout's lines; the answer is the open stores that hold every one (docs/product.md#store-pickup). */
export const PICKUP_STORES_PATH = 'order/pickup-stores';
export const PickupStoresBody = z.object({ list_items: placeOrderFields.list_items }).transform((body) => ({
  items: body.list_items.map((line) => ({ productId: line.productId, variantId: line.variantId, quantity: line.quantity })),
}));
export type PickupStoresRequest = z.input<typeof PickupStoresBody>;
export type PickupStoresInput = z.infer<typeof PickupStoresBody>;

/** POST /api/order/coupon-preview: the checkout's lines and a coupon code, priced as an order would be (nothing is held). */
export const CouponPreviewBody = z.object({ list_items: placeOrderFields.list_items, couponCode: CouponCode }).transform((body) => ({
  items: body.list_items.map((line) => ({ productId: line.productId, variantId: line.variantId, quantity: line.quantity })),
  couponCode: body.couponCode,
}));
export type CouponPreviewInput = z.infer<typeof CouponPreviewBody>;
export type CouponPreviewRequest = z.input<typeof CouponPreviewBody>;

/** POST /api/order/cash-on-delivery: list_items, totalAmt, address. */
export const CashOnDeliveryBody = PlaceOrderBody;
/** POST /api/order/checkout: list_items, addressId, subTotalAmt, totalAmt. */
export const CheckoutBody = PlaceOrderBody;

/** One order line as a client sends it: the product's id and how many (a type, so it fits the loose line schema). */
export type OrderLineRequest = {
  productId: string;
  /** The chosen variant's `_id` (required when the product has variants). */
  variantId?: string | null;
  quantity: number;
};

/** POST /api/order/cash-on-delivery as the PWA sends it (and keeps it in its outbox while offline). */
export interface CashOnDeliveryRequest {
  list_items: OrderLineRequest[];
  totalAmt: number;
  subTotalAmt?: number;
  /** The delivery address; absent when the order is picked up (`pickup`). */
  address?: string;
  /** Picked up at this store, paid in cash at its counter (docs/product.md#store-pickup). */
  pickup?: { storeId: string };
  couponCode?: string;
  /** The delivery promise the shopper was shown. */
  promise?: DeliveryPromise;
}

/** POST /api/order/checkout as the PWA sends it. */
export interface CheckoutRequest {
  list_items: OrderLineRequest[];
  /** The delivery address; absent when the order is picked up (`pickup`). */
  addressId?: string;
  pickup?: { storeId: string };
  subTotalAmt: number;
  totalAmt: number;
  couponCode?: string;
  promise?: DeliveryPromise;
}

type Fits<Request extends Accepted, Accepted> = Request;
/** A type error here means a schema no longer accepts what the PWA sends. */
export type CheckedRequests = [Fits<CashOnDeliveryRequest, z.input<typeof CashOnDeliveryBody>>, Fits<CheckoutRequest, z.input<typeof CheckoutBody>>];

export const CancelOrderBody = z.object({ orderId: Id });
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;

export const UpdateOrderStatusBody = z
  .object({
    orderId: Id,
    status: z.enum(ORDER_STAGES, { error: `must be one of ${ORDER_STAGES.join(', ')}` }),
    /** A cancellation's reason, told to the buyer app of a network order (002, items not available, when absent). */
    reason: z.enum(SELLER_CANCEL_REASONS, { error: `must be one of ${SELLER_CANCEL_REASONS.join(', ')}` }).optional(),
  })
  .refine((body) => body.reason === undefined || body.status === 'CANCELLED', { error: 'is given only with CANCELLED', path: ['reason'] });
export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusBody>;

export const AdminOrdersQuery = z.object({
  page: Page.default(1),
  limit: Limit(ORDER_LIMITS.adminMaxPageSize).default(ORDER_LIMITS.adminPageSize),
  /** Only the orders standing at this stage (the overview's "waiting" links). */
  status: z.enum(ORDER_STAGES, { error: `must be one of ${ORDER_STAGES.join(', ')}` }).optional(),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;
