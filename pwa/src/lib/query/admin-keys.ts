/**
 * The admin's keys, a module apart from query-keys.ts so that `/`'s chunks carry none of them: the New Orders count, and
 * every admin read under `admin`, whose first two words name its list, the prefix a write or a socket event
 * invalidates (every page and search of it).
 */
export const adminKeys = {
  /** The signed-in admin's New Orders count; the prefix is every admin's on this device. */
  newOrders: () => ['new-orders'] as const,
  newOrdersOf: (adminId: string | null) => ['new-orders', adminId] as const,
  categories: () => ['admin', 'categories'] as const,
  subCategories: () => ['admin', 'sub-categories'] as const,
  products: (search: string, page: number) => ['admin', 'products', search, page] as const,
  product: (productId: string) => ['admin', 'product', productId] as const,
  /** How many shoppers wait for a product and its options ("Notify me"). */
  waiting: (productId: string) => ['admin', 'notify-me', productId] as const,
  coupons: () => ['admin', 'coupons'] as const,
  returns: (all: boolean) => ['admin', 'returns', all ? 'all' : 'open'] as const,
  synonyms: () => ['admin', 'synonyms'] as const,
  occasions: () => ['admin', 'occasions'] as const,
  /** The shop's budget of texts and its use. */
  smsBudget: () => ['admin', 'sms-budget'] as const,
  /** What the shop sells on ONDC, and where its locations are. */
  ondc: () => ['admin', 'ondc'] as const,
  stores: () => ['admin', 'stores'] as const,
  storeStock: (storeId: string) => ['admin', 'store-stock', storeId] as const,
  /** Every store's queue (an order placed or moved changes them), or one store's. */
  storeQueues: () => ['admin', 'store-queue'] as const,
  storeQueue: (storeId: string) => ['admin', 'store-queue', storeId] as const,
  /** The overview's figures and its low-stock pages. */
  overviews: () => ['admin', 'overview'] as const,
  overview: (threshold: number) => ['admin', 'overview', threshold] as const,
  lowStock: (threshold: number, page: number) => ['admin', 'overview', 'low-stock', threshold, page] as const,
  /** Every stage's order list, or one stage's (all: `undefined`). */
  orderLists: () => ['admin', 'orders'] as const,
  orders: (status: string | undefined) => ['admin', 'orders', status ?? 'all'] as const,
  /** A catalogue import's job, polled while it runs. */
  catalogImport: (jobId: string) => ['admin', 'catalog-import', jobId] as const,
  /** A period's GSTR-1 overview. */
  gstr1: (from: string, to: string) => ['admin', 'gstr1', from, to] as const,
  taxFiling: () => ['admin', 'tax-filing'] as const,
};
