import { Link } from 'react-router-dom';
import { productPath } from '@haat/shared/routing/slug';
import type { RecentItem } from '../../../lib/db';
import { DiscountBadge, PriceTag, ProductImage } from '../../catalog/public';

/** Spec §2/§3: up to 4 recently viewed products, kept on this device. */
export function RecentlyViewed({ items }: { items: RecentItem[] | undefined }) {
  if (!items || items.length === 0) return null;
  return (
    <section className="product-section" aria-labelledby="recent-title">
      <h2 id="recent-title">Recently Viewed</h2>
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
