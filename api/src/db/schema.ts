/** Every table, for drizzle's relational queries and drizzle-kit. Each lives beside its domain. */
export { users } from '../users/users.table.js';
export { refreshSessions } from '../auth/refresh-sessions.table.js';
export { categories } from '../catalog/categories.table.js';
export { subCategories, subCategoryCategories } from '../catalog/subcategories.table.js';
export { products } from '../catalog/products.table.js';
export { searchWords } from '../search/search-words.table.js';
export { addresses } from '../addresses/addresses.table.js';
export { cartItems } from '../cart/cart.table.js';
export { cartSyncResults } from '../cart/cart-sync-results.table.js';
export { passwordResetCodes, passwordResetRequests } from '../account/password-reset.table.js';
export { wishlistItems } from '../wishlist/wishlist.table.js';
export { reviews } from '../reviews/reviews.table.js';
export { adminOrderViews, orders, orderLines } from '../orders/orders.table.js';
export { accountHolds, inventoryLevels, productVariants, stockMovements } from '../inventory/inventory.table.js';
export { stripeEvents } from '../payments/stripe-events.table.js';
export { pushSubscriptions } from '../push/push-subscriptions.table.js';
export { seedRuns } from '../seed/seed-runs.table.js';
export { shopIdentity } from './shop-identity.table.js';
