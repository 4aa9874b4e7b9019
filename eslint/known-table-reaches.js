// Imports allowed past the import-boundaries rule, as 'from -> to' (repository paths without extension),
// each with its reason. Keep it short: each entry is a place where the floors are not yet one-way.
export const knownTableReaches = [
  // The inventory keeps every sellable unit's row (product_variants) beside its pool, and a variant's
  // foreign key names its product, whose catalogue sits above the inventory. Only the key crosses: no code
  // of the inventory imports the catalogue (docs/architecture.md#the-apis-floors).
  'api/src/inventory/inventory.table -> api/src/catalog/products.table',
  // A store's pool of a unit (store_units) names its store, whose domain (stores/: the admin's dark stores) stands
  // above the inventory it stocks its shelves through. Only the key crosses: no inventory code imports stores/.
  'api/src/inventory/store-units.table -> api/src/stores/stores.table',
];
