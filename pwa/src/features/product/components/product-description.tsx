import type { Product } from '@haat/shared/catalog/catalog.types';
import { useTranslation } from '../../../i18n/i18n';
import { deliveryRange } from '../../../lib/delivery/delivery-words';

// docs/product.md#screens: the description with static bullets and "Why Shop" blurbs (product:bullets, product:why).
const BULLETS = ['genuine', 'fast', 'returns'] as const;
const WHY_SHOP = ['fast', 'prices', 'range'] as const;
const HIDDEN_DETAILS = new Set(['averageRating', 'totalReviews']);

export function ProductDescription({ product }: { product: Product }) {
  const { t } = useTranslation('product');
  const details = Object.entries(product.more_details).filter(([k]) => !HIDDEN_DETAILS.has(k));
  return (
    <section className="product-section description" aria-labelledby="description-title">
      <h2 id="description-title">{t('description')}</h2>
      <p>{product.description}</p>
      {details.length > 0 && (
        <dl className="description__details">
          {details.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{String(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      <ul>
        {BULLETS.map((b) => (
          <li key={b}>{t(`bullets.${b}`, deliveryRange())}</li>
        ))}
      </ul>
      <h2>{t('whyShop')}</h2>
      <div className="why-shop">
        {WHY_SHOP.map((w) => (
          <div key={w}>
            <h3>{t(`why.${w}.title`)}</h3>
            <p>{t(`why.${w}.text`)}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
