// What other folders may use of catalog/: its face (docs/architecture.md#the-apis-floors). Import catalog/ only from here.
export { CatalogVersion, CatalogVersionModule, type ProductChange } from './catalog-version.js';
export { CatalogBulkModule } from './import/catalog-bulk.module.js';
export { CategoriesModule } from './categories.module.js';
export { chosenVariant } from './chosen-variant.js';
export { firstPictures, withFirstPictures } from './first-paint.js';
export { outOfStock } from './out-of-stock.js';
export { PRODUCT_SELECT_LIST, ProductRowCache, pageRows, productRows, sortOrder, toProductRow, type SearchSort } from './product-rows.js';
export { PRODUCT_SEARCH, type ProductSearch, type ProductSearchQuery, type ProductSearchResult } from './product-search.js';
export { averageRating } from './product-wire.js';
export { ProductsController } from './products.controller.js';
export { ProductsModule } from './products.module.js';
export {
  addToReviewCounts,
  addToReviewCountsOfMany,
  cartProductCte,
  cartProductsByIds,
  isPublished,
  lockProduct,
  publishedByIds,
  removeFromReviewCounts,
  reviewCountsOf,
  saleableRowsByIds,
  stockForShare,
  taxCodesOf,
  taxFilingReport,
  type RateMove,
  type UnfiledProduct,
  type TaxCodes,
  type SaleableRow,
  type StoredVariant,
} from './products.repository.js';
export { productColumns, type ProductRow } from './product-columns.js';
export {
  PRODUCT_SHELF_VECTORS,
  PUBLISHED_PRODUCT_COUNT,
  SHELF_NAMES,
  SHELF_NAMES_DIGEST,
  heldWithKind,
  namedAsWholeWords,
  onShelfCalled,
  onShelfNamed,
  productChangedInCategories,
  productLexemes,
  productsBySku,
  productsInCategoriesAfter,
  publishedProductsAfter,
  publishedProductsIn,
  type ChangedWindow,
} from './published-products-sql.js';
export { ReadCache } from './read-cache.js';
export { SubCategoriesModule } from './subcategories.module.js';
