import { Link } from 'react-router-dom';
import { productPath } from '@haat/shared/routing/slug';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { DiscountBadge, PriceTag, ProductImage } from '../../catalog/public';
import { useRecentlyViewed } from '../hooks/use-recently-viewed';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens and #records: up to 4 other recently viewed products, read here (only this section re-renders). */
export function RecentlyViewed({ product }: { product: Product }) {
  const { t } = useTranslation('product');
  const items = useRecentlyViewed(product);
  if (!items || items.length === 0) return null;
  return (
    <section className="product-section" aria-labelledby="recent-title">
      <h2 id="recent-title">{t('recentlyViewed')}</h2>
      <ul className="recent">
        {items.map((item) => (
          <li key={item._id}>
            <Link to={productPath(item)} className="recent__link">
              <span className="recent__media">
                <ProductImage src={item.image} alt="" sizes="120px" width={120} height={120} />
                <DiscountBadge discount={item.discount} />
              </span>
              <span className="recent__name">{item.name}</span>
              <PriceTag price={item.price} discount={item.discount} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
