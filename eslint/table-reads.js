// Reads of another domain's table by SQL that the table-owners rule allows: each entry allows ONE statement, named by
// its file and the function or module constant it is written in, with the tables it reads and why it must name them
// (docs/architecture.md#who-owns-which-table). Every other read goes through a function of the owner's face, and no
// write is allowed at all. Keep it short (the check's test holds it to 10): an entry is a place where a statement
// needs the table inside its own text (one round trip, one plan, or one lock order), not a convenience.
const SEARCH_RANKS =
  "Search is the catalogue's index: it ranks and filters the published products in the one statement it answers with (its plan measured in docs/benchmarks.md#search).";
const STOCK_PAGES = 'A page of stock ordered by product name: the catalogue stands above the inventory, which cannot call it.';

/** @type {Array<{ file: string, statement: string, tables: string[], reason: string }>} */
export const allowedTableReads = [
  { file: 'api/src/search/search.repository.ts', statement: 'RANKED_SEARCH', tables: ['products', 'categories', 'sub_categories'], reason: SEARCH_RANKS },
  { file: 'api/src/search/search.repository.ts', statement: 'RANKED_FILTER', tables: ['products'], reason: SEARCH_RANKS },
  { file: 'api/src/search/search.repository.ts', statement: 'NARROWED_LISTING', tables: ['products'], reason: SEARCH_RANKS },
  { file: 'api/src/search/search.repository.ts', statement: 'keptPage', tables: ['products'], reason: SEARCH_RANKS },
  { file: 'api/src/search/search.repository.ts', statement: 'HOLD_TOKENS', tables: ['products', 'categories', 'sub_categories'], reason: SEARCH_RANKS },
  {
    file: 'api/src/inventory/order-reservation.ts',
    statement: 'reserveOrderLines',
    tables: ['products', 'stores'],
    reason:
      "The reservation takes an order's lines only at their product's published price and discount, and from an express store's pools only while the store is open, in the statement that locks the pools. The catalogue and stores/ stand above the inventory, which cannot call them.",
  },
  {
    file: 'api/src/inventory/store-fill.ts',
    statement: 'STORE_FILLS',
    tables: ['stores', 'store_pincodes'],
    reason:
      'The delivery promise finds the open store serving each pincode and whether its pools fill the cart in one statement for many asks (a flash sale’s 200). stores/ stands above the inventory, which cannot call it.',
  },
  { file: 'api/src/inventory/low-stock.ts', statement: 'lowUnits', tables: ['products'], reason: STOCK_PAGES },
  { file: 'api/src/inventory/store-stock.ts', statement: 'storeStock', tables: ['products'], reason: STOCK_PAGES },
  {
    file: 'api/src/inventory/ledger-export.ts',
    statement: 'ledgerBetween',
    tables: ['products'],
    reason: "The ledger's export names each entry's product and SKU as it pages through the entries.",
  },
];
