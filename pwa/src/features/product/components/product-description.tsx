import type { Product } from '@haat/shared/catalog/catalog.types';
import { useTranslation } from '../../../i18n/i18n';
import { useAtomValue } from 'jotai';
import type { DeliveryPromise } from '@haat/shared/addresses/delivery-promise';
import { deliveryDateWords, deliveryRange, placeDateWords } from '../../../lib/delivery/delivery-words';
import { deliveryPlaceAtom } from '../../../lib/delivery/delivery-place';
import { usePromiseParts } from '../../../lib/delivery/card-note';
import { i18n } from '../../../i18n/i18n';

// docs/product.md#screens: the description with static bullets and "Why Shop" blurbs (product:bullets, product:why).
const BULLETS = ['genuine', 'fast', 'returns'] as const;
const WHY_SHOP = ['fast', 'prices', 'range'] as const;
const HIDDEN_DETAILS = new Set(['averageRating', 'totalReviews']);

/** `soldOut`: the unit on show cannot be bought now, so no delivery is promised for it. */
export function ProductDescription({ product, soldOut = false }: { product: Product; soldOut?: boolean }) {
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
          <li key={b} data-testid={`bullet-${b}`}>
            {b !== 'fast' ? t(`bullets.${b}`) : soldOut ? t('bullets.soldOut') : <DeliveryBullet productId={product._id} />}
          </li>
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

/** The product page's free delivery, by its promise where the shopper chose a pincode: a store's minutes or the courier's date. */
const promiseBullet = (promise: DeliveryPromise) =>
  promise.kind === 'express'
    ? i18n.t('product:bullets.fastIn', { count: promise.minutes, store: promise.store.name })
    : i18n.t('product:bullets.fastBy', { date: deliveryDateWords(promise.date) });

/**
 * "Free delivery in 1–5 days" until the shopper names a place (docs/product.md#delivery); then this product's promise
 * there from the one promise hook (loaded with the promise's parts), the place's own date until it answers.
 */
function DeliveryBullet({ productId }: { productId: string }) {
  const place = useAtomValue(deliveryPlaceAtom);
  const Sentence = usePromiseParts()?.PromiseSentencePart;
  const range = i18n.t('product:bullets.fast', deliveryRange());
  const date = place && placeDateWords(place);
  const dated = date ? i18n.t('product:bullets.fastBy', { date }) : range;
  if (!place || !date) return <>{range}</>;
  return Sentence ? <Sentence productId={productId} say={promiseBullet} fallback={dated} loading={dated} failed={dated} /> : <>{dated}</>;
}
