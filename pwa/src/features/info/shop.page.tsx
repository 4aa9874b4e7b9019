import { useTranslation } from '../../i18n/i18n';
import { InfoPage } from './info-page';
import { Link } from 'react-router-dom';
import { listingPath } from '@haat/shared/routing/slug';
import { firstSubCategoryOf, ProductImage, useCatalogTree } from '../catalog/public';

/** /shop: every category, each leading to its listing, with its subcategories beside it. */
export function ShopPage() {
  const { t } = useTranslation('info');
  const { categories, subCategories } = useCatalogTree();
  return (
    <InfoPage name="shop" className="shop-page" wide>
      {categories === undefined && <p role="status">{t('shop.loading')}</p>}
      {categories?.length === 0 && <p>{t('shop.empty')}</p>}
      <ul className="shop-page__grid">
        {categories?.map((category) => {
          const subs = (subCategories ?? []).filter((s) => s.category.some((c) => c._id === category._id));
          const first = subCategories && firstSubCategoryOf(category._id, subCategories);
          return (
            <li key={category._id} className="shop-page__category">
              {first ? (
                <Link to={listingPath(category, first)} className="shop-page__tile">
                  <ProductImage src={category.image} alt="" sizes="96px" width={96} height={96} />
                  <span>{category.name}</span>
                </Link>
              ) : (
                <span className="shop-page__tile">
                  <ProductImage src={category.image} alt="" sizes="96px" width={96} height={96} />
                  <span>{category.name}</span>
                </span>
              )}
              {subs.length > 0 && (
                <ul className="shop-page__subs" aria-label={t('shop.subs', { name: category.name })}>
                  {subs.map((sub) => (
                    <li key={sub._id}>
                      <Link to={listingPath(category, sub)}>{sub.name}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </InfoPage>
  );
}
