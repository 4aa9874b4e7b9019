import { pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table.js';
import { inventoryLevels, productVariants } from './inventory.table.js';

/**
 * A store's pool of one sellable unit (a product's option, or its default row): an `inventory_levels` row whose
 * `store_id` is the store. The warehouse's pool of the same unit is the variant row's own `inventory_level_id`.
 * A unit a store has never stocked has no row here: the store does not have it.
 */
export const storeUnits = pgTable(
  'store_units',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    inventoryLevelId: text('inventory_level_id')
      .notNull()
      .references(() => inventoryLevels.id),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.variantId] }), uniqueIndex('store_units_level').on(t.inventoryLevelId)],
);
