import { getTableColumns } from 'drizzle-orm';
import { productInventorySql, type ProductInventory } from '../inventory/index.js';
import { products } from './products.table.js';

/** Every column but the search vector (for the database's own matching, never for the wire), with the stock read from the inventory. */
const { search: _search, ...tableColumns } = getTableColumns(products);
export const productColumns = {
  ...tableColumns,
  inventory: productInventorySql,
};
export type ProductRow = Omit<typeof products.$inferSelect, 'search'> & { inventory: ProductInventory };

/** The product as a cart line (and an order's stock check) reads it: the Cart's populated productId, stock and options in `inventory`. */
export const cartProductColumns = {
  name: products.name,
  image: products.image,
  unit: products.unit,
  price: products.price,
  discount: products.discount,
  maxPerOrder: products.maxPerOrder,
  inventory: productInventorySql,
};
