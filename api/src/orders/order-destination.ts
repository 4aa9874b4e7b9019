/**
 * Where a pickup order goes (docs/product.md#store-pickup): the stores that hold a cart, and the counter of the one
 * chosen as the order's address. The placement (order-placement.service.ts) asks it beside the delivery promise.
 */
import { ErrorCode } from '@haat/shared/common/error-code';
import { addressText } from '@haat/shared/addresses/address-lines';
import type { DeliveryPromise } from '@haat/shared/addresses/delivery-promise';
import type { StoredFulfilment } from '@haat/shared/orders/fulfilment-process';
import type { OrderAddress, PickupStore } from '@haat/shared/orders/order.types';
import { AppError, notFound } from '../common/app-error.js';
import type { Db, NamedStatement } from '../db/database.js';
import { storesHolding, type UnitAsked } from '../inventory/index.js';
import { pickupStoresByIds } from '../stores/index.js';
import { customerRefsByIds } from '../users/index.js';

/** Where an order goes: the address copied onto it, the promise it is placed under (none for a pickup), and who fulfils it. */
export interface Destination {
  deliveryAddress: OrderAddress;
  promise: DeliveryPromise | null;
  fulfilment: StoredFulfilment;
  storeId: string | null;
}

/** A pickup order's address: the store's counter, in the name and mobile of its shopper. */
function counterAddress(store: PickupStore, customer: { name: string; mobile: string | null } | undefined): OrderAddress {
  const parts = {
    building: store.name,
    address_line: store.address,
    district: '',
    city: store.city,
    state: store.state,
    country: 'India',
    pincode: store.pincode,
  };
  return {
    _id: store._id,
    name: customer?.name ?? '',
    mobile: customer?.mobile ?? '',
    ...parts,
    street: store.address,
    postalCode: store.pincode,
    address: addressText({ ...parts, street: store.address }),
  };
}

/** 409 PICKUP_STORE_UNAVAILABLE: the store chosen is closed or no longer holds every line; nothing was written. */
function pickupStoreUnavailable(store: string): AppError {
  return new AppError(
    409,
    ErrorCode.PickupStoreUnavailable,
    `${store} cannot keep this order for pickup now: it is closed or no longer has every item. Please choose another store or delivery.`,
    { fields: ['pickup'] },
  );
}

/** The open stores that hold every unit now, by name: where the checkout offers "Pick up at <store>". */
export async function pickupStores(db: Db, statement: NamedStatement, units: readonly UnitAsked[]): Promise<PickupStore[]> {
  const open = await pickupStoresByIds(db, 'open');
  const holding = new Set(await storesHolding(statement, [...open.keys()], units));
  return [...open.values()]
    .filter((store) => holding.has(store._id))
    .map(({ open: _open, ...store }) => store)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A pickup at `storeId`: the store must be open and hold every line now (409 PICKUP_STORE_UNAVAILABLE), an unknown
 * one is 404. The order's address is the store's counter in the shopper's name: the goods are handed over there, so
 * its state is the invoice's place of supply.
 */
export async function pickupAt(db: Db, statement: NamedStatement, userId: string, storeId: string, items: readonly UnitAsked[]): Promise<Destination> {
  const [stores, holding, [customer]] = await Promise.all([
    pickupStoresByIds(db, [storeId]),
    storesHolding(statement, [storeId], items),
    customerRefsByIds(db, [userId]),
  ]);
  const store = stores.get(storeId);
  if (!store) throw notFound('Store');
  if (!store.open || !holding.includes(storeId)) throw pickupStoreUnavailable(store.name);
  return { deliveryAddress: counterAddress(store, customer), promise: null, fulfilment: 'pickup', storeId };
}
