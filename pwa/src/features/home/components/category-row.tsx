import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { Category, SubCategory } from '@haat/shared/catalog/catalog.types';
import { LIMITS } from '@haat/shared/common/limits';
import { listingPath } from '@haat/shared/routing/slug';
import { fetchCategoryProducts, ProductCard, SkeletonCards, useCachedProducts } from '../../catalog/public';
import { useNearViewport } from '../../../lib/hooks/use-near-viewport';
import { useTranslation } from '../../../i18n/i18n';
import { useCardNote } from '../../../lib/delivery/card-note';

interface Props {
  category: Category;
  /** The first subcategory containing the category: See All leads to its listing. */
  subCategory: SubCategory | undefined;
  /** The first row is above the fold: fetch at once and load its pictures eagerly. */
  first: boolean;
}

/** docs/product.md#screens per-category row: title, See All, left/right arrows (200 px), 6 skeletons while loading. */
export function CategoryRow({ category, subCategory, first }: Props) {
  const [sectionRef, near] = useNearViewport<HTMLElement>('300px');
  const { t } = useTranslation('home');
  const scroller = useRef<HTMLDivElement>(null);
  const { products, error } = useCachedProducts(first || near ? `home:${category._id}` : null, () => fetchCategoryProducts(category._id));
  const scroll = (dir: 1 | -1) => scroller.current?.scrollBy({ left: dir * LIMITS.categoryRowScrollPx, behavior: 'smooth' });
  const titleId = `row-${category._id}`;
  const note = useCardNote();
  if (products && products.length === 0) return null;

  return (
    <section ref={sectionRef} className="category-row" aria-labelledby={titleId}>
      <div className="category-row__head">
        <h2 id={titleId}>{category.name}</h2>
        {subCategory && (
          <Link to={listingPath(category, subCategory)} className="category-row__all" aria-label={t('seeAllOf', { name: category.name })}>
            {t('seeAll')}
          </Link>
        )}
      </div>
      {error && <p className="error-banner">{t('loadFailed')}</p>}
      <div className="category-row__body">
        <button type="button" className="row-arrow row-arrow--left" aria-label={t('scrollLeft', { name: category.name })} onClick={() => scroll(-1)}>
          ‹
        </button>
        <div ref={scroller} className="category-row__scroller" role="group" tabIndex={0} aria-label={t('rowProducts', { name: category.name })}>
          {products ? (
            products.map((p, i) => <ProductCard key={p._id} product={p} eager={first && i < 2} DeliveryNote={note} />)
          ) : (
            <SkeletonCards count={LIMITS.homeSkeletons} />
          )}
        </div>
        <button type="button" className="row-arrow row-arrow--right" aria-label={t('scrollRight', { name: category.name })} onClick={() => scroll(1)}>
          ›
        </button>
      </div>
    </section>
  );
}
