import Dexie, { type Table } from 'dexie';
import type { Category, Product, SubCategory } from '@haat/shared/catalog/catalog.types';
import type { CartLine, NotifyMeEntry, SavedAddress, SavedOrder, WishlistEntry } from './account-tables';
import type { OutboxEntry } from './outbox';
import { DB_NAME } from './db-name';
import { stampWrites } from './stamp-writes';

/** One cached page of products (home row, listing, search, related…): ids in order, joined with `products`. */
export interface CachedList {
  key: string;
  ids: string[];
  total: number;
  page: number;
  totalPage: number;
  savedAt: number;
}

/** docs/product.md#records, "Recently viewed entry (client only, max 4)". */
export interface RecentItem {
  _id: string;
  name: string;
  image: string;
  price: number;
  discount: number;
  viewedAt: number;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

/**
 * The PWA's one IndexedDB database (docs/architecture.md "The PWA's data layer"), reached only through device-store.ts.
 * Released versions are never edited: a change is a new this.version(n). Every write is stamped (stamp-writes.ts).
 */
export class HaatDB extends Dexie {
  categories!: Table<Category, string>;
  subCategories!: Table<SubCategory, string>;
  products!: Table<Product, string>;
  lists!: Table<CachedList, string>;
  recent!: Table<RecentItem, string>;
  meta!: Table<MetaEntry, string>;
  // the signed-in shopper's data: written at once, synced through the outbox
  /** The cart lines (the `cartLines` store since version 2), keyed by product and variant. */
  cart!: Table<CartLine, string>;
  outbox!: Table<OutboxEntry, string>;
  wishlist!: Table<WishlistEntry, string>;
  addresses!: Table<SavedAddress, string>;
  orders!: Table<SavedOrder, string>;
  /** The shopper's "Notify me" waits (version 4). */
  notifyMe!: Table<NotifyMeEntry, string>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      // catalogue (storefront)
      categories: '_id, name',
      subCategories: '_id, name',
      products: '_id, name, updatedAt',
      lists: 'key, savedAt',
      recent: '_id, viewedAt',
      meta: 'key',
      cart: 'productId',
      outbox: 'key, op',
      wishlist: '_id',
      addresses: '_id',
      orders: 'orderId, clientKey, createdAt',
    });
    // A cart line is a product in a variant: Dexie cannot change a primary key in place, so version 2 copies the lines
    // into `cartLines` (keyed by cartLineKey) and version 3 drops the old table.
    this.version(2)
      .stores({ cartLines: 'key, productId' })
      .upgrade(async (tx) => {
        const old = (await tx.table('cart').toArray()) as Array<Omit<CartLine, 'key'>>;
        await tx.table('cartLines').bulkPut(old.map((line) => ({ ...line, key: line.productId, variantId: null, variant: null })));
      });
    this.version(3).stores({ cart: null });
    this.version(4).stores({ notifyMe: 'key' });
    this.cart = this.table('cartLines');
    this.use(stampWrites);
  }
}

export const db = new HaatDB();

// Live queries come with the database: device-store.ts loads both in one chunk.
export { liveQuery } from 'dexie';
