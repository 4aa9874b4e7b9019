import type { ReactNode } from 'react';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { ProductCard } from './product-card';
import { SkeletonCards } from './skeleton-card';

interface Props {
  products: Product[] | null | undefined;
  /** Skeleton cards while nothing is known yet (10 on search, docs/product.md#rules-and-limits). */
  skeletons: number;
  /** Trailing skeletons while the next page loads. */
  loadingMore?: boolean;
  empty?: ReactNode;
  eagerCount?: number;
}

/** The responsive grid of cards (docs/product.md#screens: 1, 2, 3 and 5 columns by width). */
export function ProductGrid({ products, skeletons, loadingMore = false, empty = null, eagerCount = 2 }: Props) {
  if (products && products.length === 0) return <>{empty}</>;
  return (
    <div className="product-grid" aria-busy={!products || loadingMore}>
      {products ? products.map((p, i) => <ProductCard key={p._id} product={p} eager={i < eagerCount} />) : <SkeletonCards count={skeletons} />}
      {products && loadingMore && <SkeletonCards count={Math.min(skeletons, 5)} />}
    </div>
  );
}
