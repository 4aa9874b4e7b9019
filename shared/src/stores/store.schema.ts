import { z } from 'zod';
import { Count, Id, numeric, RequiredText } from '../common/fields.js';
import { Pincode } from '../addresses/address.schema.js';

/**
 * Dark stores as the admin API takes them (docs/product.md#delivery): a store's place, the pincodes it serves
 * (one store per pincode) and its promise in minutes; its stock is set per unit and moved from and to the
 * national warehouse (docs/architecture.md#stores-and-their-pools).
 */

/** The promise a store's pincodes are shown: 5 minutes to 4 hours (the stores table's check). */
export const STORE_PROMISE_MINUTES = { min: 5, max: 240 } as const;
/** The most pincodes one store serves. */
export const STORE_PINCODES_MAX = 200;

const PromiseMinutes = numeric(
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(STORE_PROMISE_MINUTES.min, { error: `must be at least ${STORE_PROMISE_MINUTES.min}` })
    .max(STORE_PROMISE_MINUTES.max, { error: `must be at most ${STORE_PROMISE_MINUTES.max}` }),
);

/** The pincodes a store serves: at least one, each once (a repeat is dropped). */
const ServesPincodes = z
  .array(Pincode, { error: 'must be a list' })
  .min(1, { error: 'must hold at least one item' })
  .max(STORE_PINCODES_MAX, { error: `must hold at most ${STORE_PINCODES_MAX} items` })
  .transform((list) => [...new Set(list)]);

/** A time of day on the shop's clock, HH:MM (24 hours): when a store's counter opens or closes. */
const TimeOfDay = z.string({ error: 'must be a time HH:MM' }).regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'must be a time HH:MM (24 hours)' });

/** Opening hours: when the counter opens and closes each day (a pickup order's card shows them). */
export interface OpeningHours {
  opensAt: string;
  closesAt: string;
}

const storeFields = {
  name: RequiredText(80),
  address: RequiredText(200),
  city: RequiredText(100),
  state: RequiredText(100),
  pincode: Pincode,
  servesPincodes: ServesPincodes,
  promiseMinutes: PromiseMinutes,
  /** Absent on create: 09:00 to 21:00. */
  opensAt: TimeOfDay.optional(),
  closesAt: TimeOfDay.optional(),
};

/** POST /api/store/create (admin). */
export const CreateStoreBody = z.object(storeFields);
export type CreateStoreBody = z.infer<typeof CreateStoreBody>;
export type CreateStoreRequest = z.input<typeof CreateStoreBody>;

/** PUT /api/store/update (admin): the store's `_id` and the fields that change; `servesPincodes` is the whole new list. */
export const UpdateStoreBody = z
  .object({ _id: Id, ...storeFields })
  .partial()
  .required({ _id: true });
export type UpdateStoreBody = z.infer<typeof UpdateStoreBody>;
export type UpdateStoreRequest = z.input<typeof UpdateStoreBody>;

/** POST /api/store/close and /api/store/reopen (admin). */
export const StoreIdBody = z.object({ _id: Id });
export type StoreIdBody = z.infer<typeof StoreIdBody>;

/** GET /api/store/stock?storeId=… (admin). */
export const StoreStockQuery = z.object({ storeId: Id });
export type StoreStockQuery = z.infer<typeof StoreStockQuery>;

/** One sellable unit at a store: a product's option, or its own unit (`variantId` absent or null). */
const unitFields = { storeId: Id, productId: Id, variantId: Id.nullable().optional().default(null) };

/**
 * PUT /api/store/stock (admin): sets the units on the store's shelf (its pool's on-hand). `expectedStock` is the
 * on-hand the admin's screen showed (0 for a unit the store has never stocked); a pool that moved since is refused.
 */
export const SetStoreStockBody = z.object({ ...unitFields, stock: Count, expectedStock: Count });
export type SetStoreStockBody = z.infer<typeof SetStoreStockBody>;
export type SetStoreStockRequest = z.input<typeof SetStoreStockBody>;

export const TRANSFER_DIRECTIONS = ['store', 'warehouse'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

/** POST /api/store/transfer (admin): moves available units from the warehouse to the store (`to: 'store'`) or back. */
export const TransferStockBody = z.object({
  ...unitFields,
  units: numeric(
    z
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(1_000_000, { error: 'is too large' }),
  ),
  to: z.enum(TRANSFER_DIRECTIONS, { error: 'must be one of store, warehouse' }),
});
export type TransferStockBody = z.infer<typeof TransferStockBody>;
export type TransferStockRequest = z.input<typeof TransferStockBody>;

/** A dark store as the admin API answers it. */
export interface Store {
  _id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  servesPincodes: string[];
  promiseMinutes: number;
  opensAt: string;
  closesAt: string;
  /** A closed store serves no pincode and takes no order; its stock stays on its shelves. */
  open: boolean;
  createdAt: string;
  updatedAt: string;
  /** Units the store has on sale (the available units of its pools). */
  units: number;
  /** The products those units belong to (a product stocked in two options counts once). */
  products: number;
}

/** One unit's pool at a store, with what the warehouse has of it. */
export interface StoreStockLine {
  productId: string;
  variantId: string | null;
  name: string;
  variantName: string | null;
  image: string | null;
  onHand: number;
  reserved: number;
  available: number;
  warehouseAvailable: number;
}

/** A store pool's figures after a stock set or a transfer. */
export interface StoreUnit {
  productId: string;
  variantId: string | null;
  onHand: number;
  reserved: number;
  available: number;
}
