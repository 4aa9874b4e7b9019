import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import { deliveryDaysTo } from '@haat/shared/addresses/delivery-zones';
import type {
  CreateStoreBody,
  SetStoreStockBody,
  Store,
  StoreStockLine,
  StoreUnit,
  TransferStockBody,
  UpdateStoreBody,
} from '@haat/shared/stores/store.schema';
import { placeOf } from '../addresses/index.js';
import { AppError, notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { DB, type Db } from '../db/database.js';
import { setStoreStock, storeStock, transferStock, unitsStockedByStore } from '../inventory/index.js';
import { SearchService } from '../search/index.js';
import { storePincodes, stores, type StoreRow } from './stores.table.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The admin's dark stores (docs/product.md#delivery): made, listed, changed, closed and reopened, and their shelves
 * set and stocked from the warehouse through the inventory (docs/architecture.md#stores-and-their-pools). One store
 * per pincode: a pincode another store serves, open or closed, is refused naming it. A closed store keeps its
 * pincodes and its stock, so reopening it serves them again as they were.
 */
@Injectable()
export class StoresService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly search: SearchService,
  ) {}

  async create(body: CreateStoreBody): Promise<Store> {
    refuseUnknownPlaces(body);
    const id = newId();
    await this.db.transaction(async (tx) => {
      const { servesPincodes, ...fields } = body;
      await tx
        .insert(stores)
        .values({ id, ...fields })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? nameTaken(body.name) : error;
        });
      await claimPincodes(tx, id, servesPincodes);
    });
    return this.one(id);
  }

  async list(): Promise<Store[]> {
    const rows = await this.db.select().from(stores).orderBy(asc(stores.name), asc(stores.id));
    return this.wire(this.db, rows);
  }

  /** The fields sent change; `servesPincodes` is the whole new list (pincodes left out are served by the warehouse again). */
  async update(body: UpdateStoreBody): Promise<Store> {
    const { _id, servesPincodes, ...fields } = body;
    refuseUnknownPlaces(body);
    await this.db.transaction(async (tx) => {
      const [current] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, _id)).for('update');
      if (!current) throw notFound('Store');
      if (Object.keys(fields).length)
        await tx
          .update(stores)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(stores.id, _id))
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? nameTaken(fields.name ?? '') : error;
          });
      else await tx.update(stores).set({ updatedAt: new Date() }).where(eq(stores.id, _id));
      if (servesPincodes) {
        await tx.delete(storePincodes).where(and(eq(storePincodes.storeId, _id), notInArray(storePincodes.pincode, servesPincodes)));
        await claimPincodes(tx, _id, servesPincodes);
      }
    });
    return this.one(_id);
  }

  /** A closed store serves no pincode and takes no order; its pincodes and stock stay, for its reopening. */
  async setOpen(id: string, open: boolean): Promise<Store> {
    const [row] = await this.db.update(stores).set({ open, updatedAt: new Date() }).where(eq(stores.id, id)).returning({ id: stores.id });
    if (!row) throw notFound('Store');
    return this.one(id);
  }

  async stock(storeId: string): Promise<StoreStockLine[]> {
    await this.exists(this.db, storeId);
    return storeStock(this.db, storeId);
  }

  async setStock(body: SetStoreStockBody, adminId: string | null): Promise<StoreUnit> {
    return this.db.transaction(async (tx) => {
      await this.exists(tx, body.storeId);
      const unit = await setStoreStock(tx, body.storeId, body, body, adminId);
      if (!unit) throw notFound('Product');
      return unit;
    });
  }

  async transfer(body: TransferStockBody, adminId: string | null): Promise<StoreUnit> {
    const unit = await this.db.transaction(async (tx) => {
      await this.exists(tx, body.storeId);
      const moved = await transferStock(tx, body.storeId, body, body.units, body.to, adminId);
      if (!moved) throw notFound('Product');
      return moved;
    });
    // The warehouse's figure of the product changed: its cached answers go, on every instance.
    await this.search.productsChanged([body.productId], 'stock');
    return unit;
  }

  private async exists(db: Pick<Db, 'select'>, storeId: string): Promise<void> {
    const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
    if (!row) throw notFound('Store');
  }

  private async one(id: string): Promise<Store> {
    const rows = await this.db.select().from(stores).where(eq(stores.id, id));
    const [store] = await this.wire(this.db, rows);
    if (!store) throw notFound('Store');
    return store;
  }

  private async wire(db: Db, rows: StoreRow[]): Promise<Store[]> {
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const [served, units] = await Promise.all([
      db.select().from(storePincodes).where(inArray(storePincodes.storeId, ids)).orderBy(asc(storePincodes.pincode)),
      unitsStockedByStore(db, ids),
    ]);
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      address: row.address,
      city: row.city,
      state: row.state,
      pincode: row.pincode,
      servesPincodes: served.filter((p) => p.storeId === row.id).map((p) => p.pincode),
      promiseMinutes: row.promiseMinutes,
      opensAt: row.opensAt,
      closesAt: row.closesAt,
      open: row.open,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      units: units.get(row.id)?.units ?? 0,
      products: units.get(row.id)?.products ?? 0,
    }));
  }
}

const nameTaken = (name: string) => new AppError(409, ErrorCode.Conflict, `name: another store is already called ${name}.`, { fields: ['name'] });

/**
 * Gives `storeId` every pincode of `pincodes` no other store serves; one another store serves (open or closed: one
 * store per pincode) is 409 naming the pincode and that store, and the caller's transaction writes nothing. Two
 * admins claiming one pincode at once meet in its key: the second waits for the first and is refused.
 */
async function claimPincodes(tx: Tx, storeId: string, pincodes: readonly string[]): Promise<void> {
  if (pincodes.length === 0) return;
  const claimed = await tx
    .insert(storePincodes)
    .values(pincodes.map((pincode) => ({ pincode, storeId })))
    .onConflictDoNothing()
    .returning({ pincode: storePincodes.pincode });
  const mine = new Set(claimed.map((c) => c.pincode));
  const others = pincodes.filter((p) => !mine.has(p));
  if (others.length === 0) return;
  const owners = await tx
    .select({ pincode: storePincodes.pincode, storeId: stores.id, name: stores.name })
    .from(storePincodes)
    .innerJoin(stores, eq(stores.id, storePincodes.storeId))
    .where(and(inArray(storePincodes.pincode, others), ne(storePincodes.storeId, storeId)))
    .orderBy(asc(storePincodes.pincode));
  const [taken] = owners;
  if (!taken) return; // every one left was this store's already
  const field = `servesPincodes.${pincodes.indexOf(taken.pincode)}`;
  throw new AppError(409, ErrorCode.Conflict, `${field}: pincode ${taken.pincode} is already served by ${taken.name}.`, {
    pincode: taken.pincode,
    store: { _id: taken.storeId, name: taken.name },
    fields: [field],
  });
}

/**
 * A store's pincodes must be places India Post lists (400 PINCODE_UNKNOWN) inside the delivery zones
 * (422 PINCODE_NOT_SERVED: docs/product.md#delivery), each naming its field.
 */
function refuseUnknownPlaces(body: { pincode?: string; servesPincodes?: string[] }): void {
  const named: Array<[string, string]> = [
    ...(body.pincode ? [['pincode', body.pincode] as [string, string]] : []),
    ...(body.servesPincodes ?? []).map((p, i): [string, string] => [`servesPincodes.${i}`, p]),
  ];
  for (const [field, pincode] of named) {
    const place = placeOf(pincode);
    if (!place)
      throw new AppError(400, ErrorCode.PincodeUnknown, `${field}: ${pincode} is not a pincode India Post lists. Please check it.`, {
        pincode,
        fields: [field],
      });
    if (deliveryDaysTo({ pincode, state: place.state }) === null)
      throw new AppError(422, ErrorCode.PincodeNotServed, `${field}: We do not deliver to ${place.city}, ${place.state} (${pincode}) yet.`, {
        pincode,
        fields: [field],
      });
  }
}
