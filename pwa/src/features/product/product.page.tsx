import { useParams } from 'react-router-dom';
import { idFromSegment } from '@haat/shared/routing/slug';
import { NotFound } from '../../lib/ui/not-found';
import { PageMeta } from '../../lib/ui/page-meta';
import { ProductDetail } from './components/product-detail';
import { type DetailStatus, useProductDetails } from './hooks/use-product-details';
import './product.css';
import { useTranslation } from '../../i18n/i18n';

// The docs/product.md#errors texts; "offline" only when the device is (an error is not "offline").
const ERROR_TEXT: Partial<Record<DetailStatus, 'page.offline' | 'page.unreachable' | 'page.failed'>> = {
  offline: 'page.offline',
  unreachable: 'page.unreachable',
  failed: 'page.failed',
};

/** docs/product.md#screens /product/{name}-{id}: loader, then the product; not found (404); or the error with Retry (docs/product.md#states). */
export function ProductPage() {
  const { t } = useTranslation('product');
  const productId = idFromSegment(useParams().productSlug);
  const { product, status, retryNow } = useProductDetails(productId);
  const pageMeta = <PageMeta title={t('page.title')} description={t('page.description')} />;

  if (!productId) {
    return (
      <>
        {pageMeta}
        <p className="page error-banner" role="alert">
          {t('page.invalid')}
        </p>
      </>
    );
  }
  if (status === 'not-found') return <NotFound what="product" heading={t('page.notFound')} />;
  if (status === 'offline' || status === 'unreachable' || status === 'failed') {
    return (
      <>
        {pageMeta}
        <section className="page page--narrow state-box" role="alert" data-testid="product-error">
          <p className={status === 'offline' ? 'offline-note' : 'error-banner'}>{t(ERROR_TEXT[status]!)}</p>
          <button type="button" className="btn btn--primary" onClick={retryNow}>
            {t('page.retry')}
          </button>
        </section>
      </>
    );
  }
  if (!product) {
    return (
      <>
        {pageMeta}
        <div className="page product-loader" role="status">
          <span className="skeleton product-loader__media" />
          <span className="visually-hidden">{t('page.loading')}</span>
        </div>
      </>
    );
  }
  return <ProductDetail key={product._id} product={product} />;
}
