import { add, decimalText, paise, subtract, type Paise } from '@haat/shared/money/paise';
import type { Order } from '@haat/shared/orders/order.types';
import type { PartCancellation } from '@haat/shared/orders/part-cancel';
import type { AppConfig } from '../config/config.js';
import { careDigits, providerId } from './catalogue.js';
import { networkTimes, ondcStatesOf } from './order-state.js';
import type { OndcOrderRow } from './ondc.table.js';
import { WAREHOUSE } from './ondc-settings.service.js';

/** The payment as the shop answers it: the buyer app's own, with where it settles the shop's share. */
export function paymentMessage(config: AppConfig, payment: Record<string, unknown>, amount: number) {
  const settlement = config.ondc?.settlement;
  return {
    ...payment,
    collected_by: payment.collected_by ?? 'BAP',
    params: { currency: 'INR', amount: decimalText(paise(amount)), ...((payment.params as object | undefined) ?? {}) },
    '@ondc/org/buyer_app_finder_fee_type': payment['@ondc/org/buyer_app_finder_fee_type'] ?? 'percent',
    '@ondc/org/buyer_app_finder_fee_amount': payment['@ondc/org/buyer_app_finder_fee_amount'] ?? '0',
    '@ondc/org/settlement_basis': 'delivery',
    '@ondc/org/settlement_window': 'P1D',
    '@ondc/org/withholding_amount': '0.00',
    '@ondc/org/settlement_details': settlement
      ? [
          {
            settlement_counterparty: 'seller-app',
            settlement_phase: 'sale-amount',
            settlement_type: 'neft',
            beneficiary_name: settlement.beneficiary,
            settlement_bank_account_no: settlement.accountNo,
            settlement_ifsc_code: settlement.ifsc,
            bank_name: settlement.bank,
          },
        ]
      : [],
  };
}

/** The shop's tax number and terms, as every order message carries them. */
export function bppTerms(config: AppConfig) {
  return [
    {
      code: 'bpp_terms',
      list: [
        { code: 'tax_number', value: config.shop.gstin },
        { code: 'np_type', value: 'ISN' },
      ],
    },
  ];
}

/**
 * A network order as on_confirm, on_status and on_cancel carry it: its lines by the buyer app's item ids, its states
 * from the order-state port, the quote from what the order was placed at (the shop's order, not the buyer app's
 * figures), the buyer's billing and delivery end as sent, and the payment with its settlement.
 */
export function networkOrderMessage(
  config: AppConfig,
  order: Order,
  net: OndcOrderRow,
  extra: { cancellation?: { reason: string; by: string }; returns?: readonly NetworkReturn[] } = {},
) {
  const states = ondcStatesOf(order.fulfilment, order.status);
  const returns = extra.returns ?? [];
  const refunded = refundsByItem(returns);
  const times = networkTimes(order.fulfilment, order.statusHistory);
  const shop = config.shop;
  // A line is the buyer app's item of the same unit (a line the shop took off whole is no longer among them).
  const itemOf = (unit: { productId: string | null; variantId: string | null }) =>
    net.items.find((item) => item.productId === unit.productId && item.variantId === unit.variantId)?.id ?? unit.productId ?? '';
  const lines = order.product_details.map((line) => ({ line, id: itemOf(line) }));
  const partCancels = (order.partCancellations ?? []).map((c) => ({ c, items: c.items.map((item) => ({ ...item, id: itemOf(item) })) }));
  const heldIds = new Set(lines.map((l) => l.id));
  const cancelled = states.order === 'Cancelled';
  // Once a return is approved the order is worth less its refund: the quote drops its units and what they were paid.
  const breakup = lines.map(({ line, id }) => ({
    '@ondc/org/item_id': id,
    '@ondc/org/item_quantity': { count: cancelled ? 0 : line.quantity - (refunded.get(id)?.units ?? 0) },
    title: line.name,
    '@ondc/org/title_type': 'item',
    price: { currency: 'INR', value: decimalText(cancelled ? paise(0) : subtract(paise(line.subTotalAmt), refunded.get(id)?.amount ?? paise(0))) },
    item: { price: { currency: 'INR', value: decimalText(paise(line.unitPrice)) } },
  }));
  // An item the shop took off whole stays in the quote with none of it, so the quote still names every item confirmed.
  const goneItems = partCancels.flatMap((p) => p.items).filter((item) => !heldIds.has(item.id));
  const gone = [...new Map(goneItems.map((item) => [item.id, item])).values()].map((item) => ({
    '@ondc/org/item_id': item.id,
    '@ondc/org/item_quantity': { count: 0 },
    title: item.name,
    '@ondc/org/title_type': 'item',
    price: { currency: 'INR', value: '0.00' },
    item: { price: { currency: 'INR', value: decimalText(paise(item.unitPrice)) } },
  }));
  const refundTotal = [...refunded.values()].reduce((sum, r) => add(sum, r.amount), paise(0));
  const total = cancelled ? paise(0) : subtract(paise(order.totalAmt), refundTotal);
  const deliveryEnd = net.deliveryEnd as Record<string, unknown>;
  const updatedAt = order.updatedAt;
  return {
    order: {
      id: net.networkOrderId,
      state: states.order,
      provider: { id: providerId(config), locations: [{ id: order.store?._id ?? WAREHOUSE }] },
      items: [
        ...lines.map(({ line, id }) => ({ id, fulfillment_id: '1', quantity: { count: line.quantity } })),
        ...partCancels.flatMap(({ c, items }) => items.map((item) => ({ id: item.id, fulfillment_id: c._id, quantity: { count: item.quantity } }))),
      ],
      billing: net.billing,
      fulfillments: [
        {
          id: '1',
          '@ondc/org/provider_name': shop.legalName,
          type: states.type,
          tracking: false,
          state: { descriptor: { code: states.fulfilment } },
          ...(times.updated ? { '@ondc/org/state_updated_at': times.updated } : {}),
          ...(states.routing ? { tags: [{ code: 'routing', list: [{ code: 'type', value: states.routing }] }] } : {}),
          start: {
            ...(times.pickedUp ? { time: { timestamp: times.pickedUp } } : {}),
            location: {
              id: order.store?._id ?? WAREHOUSE,
              descriptor: { name: order.store?.name ?? shop.legalName },
              address: { street: shop.address.street, city: shop.address.city, state: shop.address.state, area_code: shop.address.pincode },
            },
            contact: { phone: careDigits(shop.phone), email: shop.email },
          },
          end: times.delivered ? { ...deliveryEnd, time: { ...((deliveryEnd.time as object | undefined) ?? {}), timestamp: times.delivered } } : deliveryEnd,
        },
        ...returns.map((r) => returnFulfilment(r, net, { id: order.store?._id ?? WAREHOUSE, name: order.store?.name ?? shop.legalName, shop })),
        ...partCancels.map(({ c, items }) => cancelFulfilment(c, items, config.ondc?.subscriberId ?? '')),
      ],
      quote: {
        price: { currency: 'INR', value: decimalText(total) },
        breakup: [
          ...breakup,
          ...gone,
          { '@ondc/org/item_id': '1', title: 'Delivery charges', '@ondc/org/title_type': 'delivery', price: { currency: 'INR', value: '0.00' } },
        ],
        ttl: 'P1D',
      },
      payment: paymentMessage(config, { ...(net.payment as Record<string, unknown>), status: paymentStatus(order, net) }, order.totalAmt),
      tags: [
        ...bppTerms(config),
        ...(extra.cancellation
          ? [
              {
                code: 'cancel_request',
                list: [
                  { code: 'reason_id', value: extra.cancellation.reason },
                  { code: 'initiated_by', value: extra.cancellation.by },
                ],
              },
            ]
          : []),
      ],
      created_at: order.createdAt,
      updated_at: [updatedAt, ...returns.map((r) => r.updatedAt), ...partCancels.map(({ c }) => c.createdAt)].sort().at(-1),
    },
  };
}

/** PAID once the buyer app collected it (prepaid) or the cash was taken at the door (delivered). */
function paymentStatus(order: Order, net: OndcOrderRow): 'PAID' | 'NOT-PAID' {
  const prepaid = (net.payment as { type?: string }).type === 'ON-ORDER';
  return prepaid || order.payment_status === 'COMPLETED' ? 'PAID' : 'NOT-PAID';
}

/** A return a buyer app asked for, as its Return fulfilment tells it (network-returns.ts). */
export interface NetworkReturn {
  /** The buyer app's return id, also the Return fulfilment's id. */
  id: string;
  itemId: string;
  quantity: number;
  reasonId: string;
  /** Return_Initiated, Return_Approved, Return_Rejected or Return_Delivered. */
  state: string;
  /** Rupees given back, once the shop approved it; null before (or rejected). */
  refund: number | null;
  updatedAt: string;
  /** When the parcel was received back at the shop. */
  receivedAt: string | null;
}

/** The units and paise each item's approved returns take off the order. */
function refundsByItem(returns: readonly NetworkReturn[]): Map<string, { units: number; amount: Paise }> {
  const byItem = new Map<string, { units: number; amount: Paise }>();
  for (const r of returns) {
    if (r.refund === null) continue;
    const seen = byItem.get(r.itemId) ?? { units: 0, amount: paise(0) };
    byItem.set(r.itemId, { units: seen.units + r.quantity, amount: add(seen.amount, paise(r.refund)) });
  }
  return byItem;
}

/**
 * Money an item's units took off the order after it was confirmed (a return's refund, a part cancellation), as retail
 * 1.2.5's quote_trail tag tells it: the item's id and the amount as a negative decimal in rupees.
 */
function quoteTrail(itemId: string, rupees: number) {
  return {
    code: 'quote_trail',
    list: [
      { code: 'type', value: 'item' },
      { code: 'id', value: itemId },
      { code: 'currency', value: 'INR' },
      { code: 'value', value: `-${decimalText(paise(rupees))}` },
    ],
  };
}

/**
 * A return as retail 1.2.5's on_update carries it: its return_request as asked (initiated by the buyer app), and once
 * approved its refund as a quote trail (a negative item amount, so the quote and the trail add up to the order's
 * confirmed price); it goes from the buyer's address back to the shop's location, arriving when received.
 */
function returnFulfilment(r: NetworkReturn, net: OndcOrderRow, back: { id: string; name: string; shop: AppConfig['shop'] }) {
  const buyer = (net.deliveryEnd as { location?: Record<string, unknown> }).location ?? {};
  const { id: _ignored, ...pickupFrom } = buyer;
  return {
    id: r.id,
    type: 'Return',
    state: { descriptor: { code: r.state } },
    '@ondc/org/state_updated_at': r.updatedAt,
    tags: [
      {
        code: 'return_request',
        list: [
          { code: 'id', value: r.id },
          { code: 'item_id', value: r.itemId },
          { code: 'item_quantity', value: String(r.quantity) },
          { code: 'reason_id', value: r.reasonId },
          { code: 'initiated_by', value: net.bapId },
        ],
      },
      ...(r.refund === null ? [] : [quoteTrail(r.itemId, r.refund)]),
    ],
    start: { location: pickupFrom },
    end: {
      location: {
        id: back.id,
        descriptor: { name: back.name },
        address: { street: back.shop.address.street, city: back.shop.address.city, state: back.shop.address.state, area_code: back.shop.address.pincode },
      },
      ...(r.receivedAt ? { time: { timestamp: r.receivedAt } } : {}),
    },
  };
}

/** Retail 1.2.5's reason for a part cancellation by the seller: one or more items not available. */
const PART_CANCEL_REASON = '002';

/**
 * Units the shop took off before the order left (docs/product.md#cancelling-part-of-an-order), as retail 1.2.5's
 * on_update tells a part cancellation: a Cancel fulfilment, its cancel_request initiated by the shop with reason 002
 * (items not available), and per item a quote trail of what its units were paid (negative), so the quote and the trails
 * add up to the order's confirmed price.
 */
function cancelFulfilment(c: PartCancellation, items: ReadonlyArray<PartCancellation['items'][number] & { id: string }>, bppId: string) {
  return {
    id: c._id,
    type: 'Cancel',
    state: { descriptor: { code: 'Cancelled' } },
    '@ondc/org/state_updated_at': c.createdAt,
    tags: [
      {
        code: 'cancel_request',
        list: [
          { code: 'reason_id', value: PART_CANCEL_REASON },
          { code: 'initiated_by', value: bppId },
        ],
      },
      ...items.map((item) => quoteTrail(item.id, item.amount)),
    ],
  };
}
