import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { productPath } from '@haat/shared/routing/slug';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import type { BuyAgainProduct } from '@haat/shared/orders/buy-again';
import { userAtom } from '../../../lib/http/session';
import { useDeviceQuery } from '../../../lib/storage/device-store';
import { useServerRefresh } from '../../../lib/storage/use-server-refresh';
import { deviceBuyAgain, fetchBuyAgain } from '../../../lib/storage/buy-again';
import { AddToCartButton } from '../../cart/public';
import { DiscountBadge, PriceTag, ProductImage, StockLabel } from '../../catalog/public';
import { loadNotifyMeButton } from '../../account/public';
import { latePart } from '../../../lib/ui/late-part';
import { useTranslation } from '../../../i18n/i18n';
import './buy-again.css';

// A sold-out product's Notify me loads when a card shows one, as the product cards' does (docs/benchmarks.md "First visit weight").
const NotifyMeButton = latePart(loadNotifyMeButton);

/**
 * Buy again (docs/product.md#buy-again-and-order-again): a signed-in shopper's products from their delivered orders, one tap to add
 * (the cart's own Add, so it works offline through the outbox). The server's answer when it came; until then, and
 * offline, the same rule over the orders kept on the device. Nothing for a guest, and nothing when there is nothing.
 */
export function BuyAgainRow({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const user = useAtomValue(userAtom);
  const userId = user && user.role !== 'ADMIN' ? user._id : null;
  const { t } = useTranslation('again');
  const server = useServerRefresh(userId && `buy-again:${userId}`, (signal) => fetchBuyAgain(userId!, signal));
  const device = useDeviceQuery(async (db) => (userId ? deviceBuyAgain(db, userId) : []), [userId], { now: true });
  const products = server.answer ?? device;
  if (!userId || !products || products.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="buy-again" aria-labelledby="buy-again-title" data-testid="buy-again">
      <Heading id="buy-again-title" className="buy-again__title">
        {t('title')}
      </Heading>
      <div className="buy-again__scroller" role="group" tabIndex={0} aria-label={t('rowProducts')}>
        {products.map((p) => (
          <BuyAgainCard key={cartLineKey(p._id, p.variant?._id)} product={p} />
        ))}
      </div>
    </section>
  );
}

function BuyAgainCard({ product }: { product: BuyAgainProduct }) {
  const { t } = useTranslation('again');
  const name = product.variant ? `${product.name} (${product.variant.name})` : product.name;
  return (
    <article className="product-card buy-again__card" data-testid="buy-again-card">
      <Link to={productPath(product)} className="product-card__link">
        <span className="product-card__media">
          {/* The name beside it says what the link is: the picture adds nothing to it (axe's image-redundant-alt). */}
          <ProductImage src={product.image[0]} alt="" sizes="200px" />
          <DiscountBadge discount={product.discount} />
        </span>
        <span className="product-card__name">{name}</span>
      </Link>
      <span className="buy-again__bought">{t('bought', { count: product.orders })}</span>
      <PriceTag price={product.price} discount={product.discount} />
      <span className="product-card__meta">
        <StockLabel inStock={product.inStock} left={product.stock} />
      </span>
      <span className="product-card__actions">
        {/* Sold out: the unit bought (the option too) can be waited for, as on its page (docs/product.md#back-in-stock). */}
        {product.inStock ? (
          <AddToCartButton product={product} variant={product.variant} />
        ) : (
          <NotifyMeButton now productId={product._id} variantId={product.variant?._id ?? null} name={name} signedInOnly />
        )}
      </span>
    </article>
  );
}
