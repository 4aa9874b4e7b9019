import { useParams } from 'react-router-dom';
import { idFromSegment } from '@haat/shared/routing/slug';
import { NotFound } from '../../lib/ui/not-found';
import { PageMeta } from '../../lib/ui/page-meta';
import { ProductDetail } from './components/product-detail';
import { useProductDetails } from './hooks/use-product-details';
import './product.css';
import { useTranslation } from '../../i18n/i18n';

/** docs/product.md#screens /product/{name}-{id}: loader, then the product; not found (404); or the error with Retry (docs/product.md#states). */
export function ProductPage() {
  const { t } = useTranslation('product');
  const productId = idFromSegment(useParams().productSlug);
  const { product, status, retryNow } = useProductDetails(productId);
  if (status === 'not-found') return <NotFound what="product" heading={t('page.notFound')} />;
  if (product) return <ProductDetail key={product._id} product={product} />;
  return (
    <>
      <PageMeta title={t('page.title')} description={t('page.description')} />
      {!productId ? (
        <p className="page error-banner" role="alert">
          {t('page.invalid')}
        </p>
      ) : status !== 'loading' ? (
        // The docs/product.md#errors texts; "offline" only when the device is (an error is not "offline").
        <section className="page page--narrow state-box" role="alert" data-testid="product-error">
          <p className={status === 'offline' ? 'offline-note' : 'error-banner'}>{t(`page.${status}`)}</p>
          <button type="button" className="btn btn--primary" onClick={retryNow}>
            {t('page.retry')}
          </button>
        </section>
      ) : (
        <div className="page product-loader" role="status">
          <span className="skeleton product-loader__media" />
          <span className="visually-hidden">{t('page.loading')}</span>
        </div>
      )}
    </>
  );
}
