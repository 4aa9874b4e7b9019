import { Inject, Injectable } from '@nestjs/common';
import type DataLoader from 'dataloader';
import type { DeliveryPromise } from '@haat/shared/addresses/delivery-promise';
import { expectedDeliveryDate } from '@haat/shared/addresses/delivery-zones';
import { batchedReads } from '../common/batched-reads.js';
import { STATEMENT, type NamedStatement } from '../db/database.js';
import { storeFills, type StoreAsk, type StoreFill, type UnitAsked } from '../inventory/index.js';
import { deliveryPlaceOf, refuseUnserved } from '../addresses/index.js';

/** Where the promise is for: an address, or a pincode alone (its city and state then come from India Post's directory). */
export interface PromisePlace {
  pincode: string;
  state: string;
  city: string;
}

/** The promise, and what the store said (its id, whether it fills, units that name nothing). */
export interface PromiseDecision {
  promise: DeliveryPromise;
  /** The courier's promise for the same place and time: what an order is placed under when the shopper was shown it. */
  courier: Extract<DeliveryPromise, { kind: 'courier' }>;
  fill: StoreFill;
}

/**
 * The one rule of the delivery promise (docs/product.md#delivery), for the promise route and order placement
 * alike: a place outside every delivery zone is refused (422 PINCODE_NOT_SERVED); `express` in the store's
 * minutes when an open store serves the pincode and its shelves hold every unit asked; else `courier` from the
 * warehouse, by the date the delivery zones give an order placed `at` (the date an order's `expectedDeliveryBy`
 * says, shared/src/addresses/delivery-zones.ts).
 */
export function decidePromise(place: PromisePlace, fill: StoreFill, at: Date, use: 'address' | 'order'): Omit<PromiseDecision, 'fill'> {
  const date = expectedDeliveryDate(deliveryPlaceOf(place), at);
  if (date === null) {
    refuseUnserved(place, use);
    throw new Error(`no delivery date for ${place.pincode}`);
  }
  const courier = { kind: 'courier', date } as const;
  if (fill.store && fill.fills)
    return { promise: { kind: 'express', minutes: fill.store.promiseMinutes, store: { _id: fill.store.id, name: fill.store.name } }, courier };
  return { promise: courier, courier };
}

/**
 * The promise for a place and the units asked (a product, a cart, an order's lines). The store's answers of
 * requests arriving together go as one query (a flash sale's orders: a handful of queries; see batchedReads),
 * each by key (inventory/store-fill.ts).
 */
@Injectable()
export class DeliveryPromises {
  private readonly fills: DataLoader<StoreAsk, StoreFill>;

  constructor(@Inject(STATEMENT) statement: NamedStatement) {
    this.fills = batchedReads((asks) => storeFills(statement, asks));
  }

  async promiseFor(place: PromisePlace, units: readonly UnitAsked[], use: 'address' | 'order', at: Date = new Date()): Promise<PromiseDecision> {
    const pincode = place.pincode.replace(/\s/g, '');
    const fill = await this.fills.load({ pincode, units });
    return { ...decidePromise({ ...place, pincode }, fill, at, use), fill };
  }
}
