import type { Product } from '@haat/shared/catalog/catalog.types';
import { ProductCard, type ProductPage, SkeletonCards, useCachedProducts } from '../../catalog/public';
import { useNearViewport } from '../../../lib/hooks/use-near-viewport';
import { useCardNote } from '../../../lib/delivery/card-note';

interface Props {
  title: string;
  cacheKey: string;
  fetch: () => Promise<ProductPage>;
  errorText: string;
  onQuickView: (product: Product) => void;
}

/** You May Also Like / Explore Other Categories: 8 cards each, fetched when scrolled near, cached. */
export function ProductRow({ title, cacheKey, fetch, errorText, onQuickView }: Props) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const { products, error } = useCachedProducts(near ? cacheKey : null, fetch);
  const id = `row-${cacheKey.replace(/[^a-z0-9]/gi, '-')}`;
  const note = useCardNote();
  if (products && products.length === 0) return null;
  return (
    <section ref={ref} className="product-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {error && <p className="error-banner">{errorText}</p>}
      <div className="product-row" role="group" tabIndex={0} aria-label={title}>
        {products
          ? products.map((p) => <ProductCard key={p._id} product={p} onQuickView={onQuickView} DeliveryNote={note} />)
          : !error && <SkeletonCards count={4} />}
      </div>
    </section>
  );
}
