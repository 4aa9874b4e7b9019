import type { Category, Product, SubCategory } from '@haat/shared/catalog/catalog.types';
import type { CartLine, NotifyMeEntry, SavedAddress, SavedOrder, WishlistEntry } from './account-tables';
import type { CachedList, MetaEntry } from './db';
import type { DeviceCollection } from './server-copy';

// Every kind of device data copied from the server, refreshed through server-copy.ts (docs/architecture.md "The PWA's data layer").

/** The cart: the server's lines, keeping when each was added; a queued change keeps the shopper's quantity. */
export const cartLines: DeviceCollection<CartLine> = {
  table: (db) => db.cart,
  key: (line) => line.key,
  whole: true,
  merge: (server, device) => ({ ...server, addedAt: device?.addedAt ?? server.addedAt }),
  overlay: (server, device) => device && (server ? { ...server, quantity: device.quantity, addedAt: device.addedAt ?? server.addedAt } : device),
};

/** The wishlist: the server's; a heart still queued stays as the shopper left it (on, with the server's snapshot if it has one; or off). */
export const wishlistEntries: DeviceCollection<WishlistEntry> = {
  table: (db) => db.wishlist,
  key: (w) => w._id,
  whole: true,
  overlay: (server, device) => device && (server ?? device),
};

/** The "Notify me" waits: the server's; an ask or removal still queued stays as the shopper left it (on, or off). */
export const notifyMeWaits: DeviceCollection<NotifyMeEntry> = {
  table: (db) => db.notifyMe,
  key: (w) => w.key,
  whole: true,
  overlay: (server, device) => device && (server ?? device),
};

/** The shopper's addresses, so checkout offers them offline too. */
export const savedAddresses: DeviceCollection<SavedAddress> = { table: (db) => db.addresses, key: (a) => a._id, whole: true };

/** The shopper's orders; one placed from this device keeps its Idempotency-Key (`clientKey`), which the server does not list. */
export const savedOrders: DeviceCollection<SavedOrder> = {
  table: (db) => db.orders,
  key: (o) => o.orderId,
  whole: true,
  merge: (server, device) => ({ ...server, clientKey: device?.clientKey }),
};

/** Products as last seen (cards, detail pages, offline search): each answer names only its own. */
export const cachedProducts: DeviceCollection<Product> = { table: (db) => db.products, key: (p) => p._id };

/** Catalogue pages and searches kept for offline, as ids in order: page 1 replaces a list, later pages append. */
export const cachedLists: DeviceCollection<CachedList> = {
  table: (db) => db.lists,
  key: (l) => l.key,
  merge: (server, device) => (server.page > 1 && device ? { ...server, ids: [...device.ids, ...server.ids.filter((id) => !device.ids.includes(id))] } : server),
};

/** The category tree, replaced whole (a deleted category disappears). */
export const cachedCategories: DeviceCollection<Category> = { table: (db) => db.categories, key: (c) => c._id, whole: true };
export const cachedSubCategories: DeviceCollection<SubCategory> = { table: (db) => db.subCategories, key: (c) => c._id, whole: true };

/** Small answers kept by key (a product's review summary). */
export const cachedAnswers: DeviceCollection<MetaEntry> = { table: (db) => db.meta, key: (m) => m.key };

/** Every device collection copied from the server (the model-based test drives each one). */
export const deviceCollections = {
  cartLines,
  wishlistEntries,
  notifyMeWaits,
  savedAddresses,
  savedOrders,
  cachedProducts,
  cachedLists,
  cachedCategories,
  cachedSubCategories,
  cachedAnswers,
};
