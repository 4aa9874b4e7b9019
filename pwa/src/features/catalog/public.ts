/** What other features may use of the catalogue (the only file they import from here). */
export { fetchCategoryProducts, singlePage, toProductPage, type PagedEnvelope, type ProductPage } from './api';
export { AddToCartSlot } from './components/add-to-cart-slot';
export { DiscountBadge } from './components/discount-badge';
export { PriceTag } from './components/price-tag';
export { ProductCard } from './components/product-card';
export { deviceResults, ProductResults, type PagedResults } from './components/product-results';
export { PLACEHOLDER_IMAGE, ProductImage } from './components/product-image';
export { SkeletonCards } from './components/skeleton-card';
export { StockLabel } from './components/stock-label';
export { useCachedProducts } from './hooks/use-cached-products';
export { firstSubCategoryOf, useCatalogTree } from './hooks/use-catalog-tree';
export { refreshCatalogTree } from './hooks/refresh-catalog-tree';
