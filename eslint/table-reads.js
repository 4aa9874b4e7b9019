// Reads of another domain's table by SQL that the table-owners rule allows, as 'folder -> table', each with its
// reason; docs/architecture.md#who-owns-which-table says why each stays. Every other read goes through a function of
// the owner's face, and no write is allowed at all. Keep it short: an entry is a place where a statement needs the
// table inside its own text (one round trip, one plan, or one lock order), not a convenience.
export const allowedTableReads = [
  // Search is the catalogue's index: it reads the published products and the names of their shelves page by page
  // to build its index, and ranks and filters the products in the statements it answers with (one statement a
  // search, its plan measured in docs/benchmarks.md). The catalogue's face exports the `products` table for this.
  'search -> products',
  'search -> categories',
  'search -> sub_categories',
  // Stock's statements check what they sell in the same statement that locks the pools: the reservation takes an
  // order's lines only at their product's published price and discount; the low-stock list and a store's shelf are
  // pages ordered by product name. The catalogue stands above the inventory, so it cannot be called from there.
  'inventory -> products',
  // The reservation takes from an express store's pools only while the store is open, in the statement that locks
  // them, so a store closed meanwhile takes no order; the delivery promise finds the open store serving each pincode
  // and whether its pools fill the cart in one statement for many asks (a flash sale's 200). stores/ stands above
  // the inventory it stocks its shelves through, so the inventory cannot call it.
  'inventory -> stores',
  'inventory -> store_pincodes',
  // The catalogue on ONDC is, like search, an index of the catalogue: a full refresh writes 100,000 products a page at
  // a time with their stock in one statement a page, and a buyer app's lines are found by SKU (docs/architecture.md#channels).
  'ondc -> products',
];
