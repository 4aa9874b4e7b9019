import { Link } from 'react-router-dom';
import type { Category, SubCategory } from '@haat/shared/catalog/catalog.types';
import { listingPath } from '@haat/shared/routing/slug';
import { imageVariant } from '@haat/shared/files/image-variant';
import { firstSubCategoryOf, PLACEHOLDER_IMAGE } from '../../catalog/public';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens, "Shop by Category": a tile leads to the first subcategory that contains its category. */
export function CategoryStrip({ categories, subCategories }: { categories: Category[] | undefined; subCategories: SubCategory[] | undefined }) {
  const { t } = useTranslation('home');
  return (
    <section className="category-strip" aria-labelledby="shop-by-category">
      <h2 id="shop-by-category">{t('shopByCategory')}</h2>
      {/* Focusable so keyboard users can scroll it even while its tiles are not links yet. */}
      <ul className="category-strip__list" tabIndex={0} aria-label={t('categories')}>
        {(categories ?? Array.from({ length: 8 }, () => null)).map((category, i) => {
          if (!category) return <li key={i} className="category-tile skeleton" aria-hidden="true" />;
          const sub = subCategories && firstSubCategoryOf(category._id, subCategories);
          const tile = (
            <>
              <img src={imageVariant(category.image || PLACEHOLDER_IMAGE, 'small')} alt="" width={88} height={88} loading="lazy" decoding="async" />
              <span>{category.name}</span>
            </>
          );
          return (
            <li key={category._id} className="category-tile">
              {sub ? (
                <Link to={listingPath(category, sub)} className="category-tile__inner">
                  {tile}
                </Link>
              ) : (
                <span className="category-tile__inner">{tile}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
