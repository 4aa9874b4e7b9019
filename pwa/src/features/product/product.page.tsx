import { useParams } from 'react-router-dom';
import { idFromSegment } from '@haat/shared/routing/slug';
import { NotFound } from '../../lib/ui/not-found';
import { PageMeta } from '../../lib/ui/page-meta';
import { ProductDetail } from './components/product-detail';
import { type DetailStatus, useProductDetails } from './hooks/use-product-details';
import './product.css';

// The docs/product.md#errors texts; "offline" only when the device is (an error is not "offline").
const ERROR_TEXT: Partial<Record<DetailStatus, string>> = {
  offline: 'You are offline, and this product has not been saved on this device yet. It will load when you are back online.',
  unreachable: 'Unable to fetch product details after multiple attempts.',
  failed: 'Failed to load product details.',
};

/** docs/product.md#screens /product/{name}-{id}: loader, then the product; not found (404); or the error with Retry (docs/product.md#states). */
export function ProductPage() {
  const productId = idFromSegment(useParams().productSlug);
  const { product, status, retryNow } = useProductDetails(productId);
  const pageMeta = <PageMeta title="Product | Haat" description="Product details, prices in ₹ and delivery in under 10 minutes on Haat." />;

  if (!productId) {
    return (
      <>
        {pageMeta}
        <p className="page error-banner" role="alert">
          Invalid product ID.
        </p>
      </>
    );
  }
  if (status === 'not-found') return <NotFound what="product" heading="Product not found" />;
  if (status === 'offline' || status === 'unreachable' || status === 'failed') {
    return (
      <>
        {pageMeta}
        <section className="page page--narrow state-box" role="alert" data-testid="product-error">
          <p className={status === 'offline' ? 'offline-note' : 'error-banner'}>{ERROR_TEXT[status]}</p>
          <button type="button" className="btn btn--primary" onClick={retryNow}>
            Retry
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
          <span className="visually-hidden">Loading product…</span>
        </div>
      </>
    );
  }
  return <ProductDetail key={product._id} product={product} />;
}
