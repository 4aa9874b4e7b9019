import { Link } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { discountedPrice } from '@haat/shared/money/pricing';
import { productPath } from '@haat/shared/routing/slug';
import { useDeviceQuery } from '../../lib/storage/device-store';
import { useServerRefresh } from '../../lib/storage/use-server-refresh';
import { PageMeta } from '../../lib/ui/page-meta';
import { AddToCartButton } from '../cart/public';
import { NotifyMeButton } from './components/notify-me-button';
import { DashboardFrame } from './components/dashboard-frame';
import { reloadWishlistSeeingDrops } from './wishlist-sync';
import { useTranslation } from '../../i18n/i18n';
import { useWishlistToggle } from './hooks/use-wishlist-toggle';

/** /dashboard/mywishlist (docs/product.md#screens, Wishlist): the grid, remove, add to cart only when in stock. */
export function WishlistPage() {
  const { t } = useTranslation('account');
  const entries = useDeviceQuery(async (db) => (await db.wishlist.toArray()).sort((a, b) => b.addedAt - a.addedAt), [], { now: true });
  // The screen's reload also says its "Price dropped" marks were seen: they stay on this visit's screen and are gone
  // on the next (docs/product.md#price-drops).
  const fetching = useServerRefresh('wishlist', reloadWishlistSeeingDrops).refreshing;
  const { t: tc } = useTranslation('catalog');
  return (
    <>
      <PageMeta title={t('wishlist.meta')} />
      <DashboardFrame>
        <section className="wishlist-page">
          <h1>{t('wishlist.title')}</h1>
          {entries === undefined || (fetching && entries.length === 0) ? (
            <p className="state-box">{t('wishlist.loading')}</p>
          ) : entries.length === 0 ? (
            <p className="state-box">{t('wishlist.empty')}</p>
          ) : (
            <ul className="wishlist-page__grid">
              {entries.map(({ _id, product }) => (
                <li key={_id} className="wishlist-page__item" data-testid="wishlist-item">
                  {product ? (
                    <>
                      <Link to={productPath(product)}>
                        <img src={product.image[0] ?? '/placeholder.svg'} alt={product.name} width={160} height={160} loading="lazy" />
                      </Link>
                      <span className="wishlist-page__name">{product.name}</span>
                      <span>{formatMoney(discountedPrice(product.price, product.discount))}</span>
                      {product.priceDrop && (
                        <span className="wishlist-page__drop" data-testid="price-drop">
                          {tc('priceDropped', { amount: formatMoney(product.priceDrop.by) })}
                        </span>
                      )}
                      {product.stock !== 0 ? <AddToCartButton product={product} /> : <NotifyMeButton productId={_id} variantId={null} name={product.name} />}
                    </>
                  ) : (
                    <span>{t('wishlist.elsewhere')}</span>
                  )}
                  <WishlistRemoveButton productId={_id} name={product?.name ?? t('wishlist.thisProduct')} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </DashboardFrame>
    </>
  );
}

/** The wishlist page's remove button: the same toggle as the card's heart. */
function WishlistRemoveButton({ productId, name }: { productId: string; name: string }) {
  const { t } = useTranslation('account');
  const { busy, toggle } = useWishlistToggle(productId);
  return (
    <button type="button" className="btn btn--ghost btn--small" disabled={busy} aria-label={t('wishlist.removeNamed', { name })} onClick={() => void toggle()}>
      {t('wishlist.remove')}
    </button>
  );
}
