/**
 * Every key of the one online-read cache, from one place (docs/architecture.md#server-reads-pwasrclibquery): a
 * module's `queryOptions` takes its key here, a write or a socket event invalidates by the same words, and a key's first
 * word is the prefix `invalidate` reads again. No key is typed inline.
 */
export const queryKeys = {
  /** A device collection's refresh (lib/storage/use-server-refresh.ts): its rows live in IndexedDB, not in this cache. */
  device: (key: string) => ['device', key] as const,
  config: () => ['config'] as const,
  /** The delivery promise (lib/delivery/promise-api.ts): every promise, a pincode's, or one product's or cart's there. */
  promises: () => ['promise'] as const,
  promise: (pincode: string, subject: string) => ['promise', pincode, subject] as const,
  card: (pincode: string, productId: string) => ['promise', pincode, 'card', productId] as const,
  coupon: (code: string, cart: string) => ['coupon', code, cart] as const,
  /** Leaving Stripe unpaid (checkout/api.ts): asked once per order, however often the page draws. */
  abandon: (orderId: string) => ['checkout', 'abandon', orderId] as const,
  pincode: (pincode: string) => ['pincode', pincode] as const,
  allReviews: (productId: string, total: number) => ['reviews', 'all', productId, total] as const,
  myReview: (productId: string, userId: string | null) => ['reviews', 'mine', productId, userId] as const,
  /** The signed-in admin's New Orders count; the prefix is every admin's on this device. */
  newOrders: () => ['new-orders'] as const,
  newOrdersOf: (adminId: string | null) => ['new-orders', adminId] as const,
  /**
   * The admin's reads, all under `admin`; a key's first two words name its list, the prefix a write or a socket event
   * invalidates (every page and search of it).
   */
  admin: {
    categories: () => ['admin', 'categories'] as const,
    subCategories: () => ['admin', 'sub-categories'] as const,
    products: (search: string, page: number) => ['admin', 'products', search, page] as const,
    product: (productId: string) => ['admin', 'product', productId] as const,
    coupons: () => ['admin', 'coupons'] as const,
    returns: (all: boolean) => ['admin', 'returns', all ? 'all' : 'open'] as const,
    synonyms: () => ['admin', 'synonyms'] as const,
    stores: () => ['admin', 'stores'] as const,
    storeStock: (storeId: string) => ['admin', 'store-stock', storeId] as const,
    /** Every store's queue (an order placed or moved), or one store's. */
    storeQueues: () => ['admin', 'store-queue'] as const,
    storeQueue: (storeId: string) => ['admin', 'store-queue', storeId] as const,
    /** The overview's figures and its low-stock pages. */
    overviews: () => ['admin', 'overview'] as const,
    overview: (threshold: number) => ['admin', 'overview', threshold] as const,
    lowStock: (threshold: number, page: number) => ['admin', 'overview', 'low-stock', threshold, page] as const,
    /** Every stage's order list, or one stage's (all: `undefined`). */
    orderLists: () => ['admin', 'orders'] as const,
    orders: (status: string | undefined) => ['admin', 'orders', status ?? 'all'] as const,
  },
};
