import type { Order, OrderAddress, OrderUserRef } from '@haat/shared/orders/order.types';
import { addressText } from '@haat/shared/addresses/address-lines';
import { expectedDeliveryDate, shopDay } from '@haat/shared/addresses/delivery-zones';
import { dueAtOf } from '@haat/shared/orders/due-time';
import { type AddressRow, toAddress } from '../addresses/index.js';
import type { OrderLineRow, OrderRow } from './orders.table.js';

/** A frozen copy of the delivery address, with the docs/product.md#records names beside the address table's own. */
export function copyAddress(row: AddressRow): OrderAddress {
  const { userId: _owner, status: _status, createdAt: _created, updatedAt: _updated, ...fields } = toAddress(row);
  const street = row.addressLine;
  return {
    ...fields,
    street,
    postalCode: row.pincode,
    address: addressText({ ...row, street }),
  };
}

/** An order as every order route answers it (docs/product.md#records). */
export function toOrder(row: OrderRow, lines: readonly OrderLineRow[], user?: OrderUserRef): Order {
  return {
    _id: row.id,
    orderId: row.id,
    userId: user ?? row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    status: row.status,
    subTotalAmt: row.subTotalAmt,
    totalAmt: row.totalAmt,
    couponCode: row.couponCode,
    discountAmt: row.discountAmt,
    quantity: row.quantity,
    delivery_address: row.deliveryAddress,
    ...promiseFields(row),
    product_details: lines.map((l) => ({
      productId: l.productId ?? '',
      variantId: l.variantId,
      variantName: l.variantName,
      name: l.name,
      image: l.image,
      unit: l.unit,
      quantity: l.quantity,
      price: l.price,
      discount: l.discount,
      unitPrice: l.unitPrice,
      subTotalAmt: l.subTotalAmt,
    })),
    statusHistory: row.statusHistory,
    ...(row.stripeRefundId ? { refundId: row.stripeRefundId } : {}),
    ...(row.paymentStatus === 'AWAITING_PAYMENT' && row.paymentProcessingAt ? { payment_processing: true } : {}),
    ...(row.channel ? { channel: row.channel } : {}),
  };
}

/**
 * Who sends the order and the promise it was placed under (docs/product.md#delivery): an express order is due
 * its store's minutes after it was placed; a courier order by its promise's date. An order placed before
 * promises were recorded is expected its placing day plus the rule's days for the place it goes to.
 */
function promiseFields(row: OrderRow): Pick<Order, 'expectedDeliveryBy' | 'fulfilment' | 'store' | 'promise' | 'dueAt'> {
  const promise = row.promise ?? null;
  // Picked up: no delivery is promised; the store's counter and its hours are the order's pickup (order-reader.ts).
  if (row.fulfilment === 'pickup')
    return {
      fulfilment: 'pickup',
      store: row.storeId ? { _id: row.storeId, name: row.deliveryAddress.building } : null,
      promise: null,
      expectedDeliveryBy: null,
    };
  const store = row.storeId && promise?.kind === 'express' ? { _id: row.storeId, name: promise.store.name } : null;
  if (promise?.kind === 'express') {
    const due = dueAtOf(row.createdAt, promise.minutes);
    return { fulfilment: row.fulfilment, store, promise, dueAt: due.toISOString(), expectedDeliveryBy: shopDay(due) };
  }
  return {
    fulfilment: row.fulfilment,
    store,
    promise,
    expectedDeliveryBy: promise?.kind === 'courier' ? promise.date : expectedDeliveryDate(row.deliveryAddress, row.createdAt),
  };
}
