import { useParams } from 'react-router-dom';
import { idFromSegment } from '@haat/shared/routing/slug';
import { usePageMeta } from '../../lib/use-page-meta';
import { ProductDetail } from './components/product-detail';
import { useProductDetails } from './hooks/use-product-details';
import './product.css';

/** Spec §2 /product/{name}-{id}: loader, then the product, or the error with Retry (spec §4). */
export function ProductPage() {
  const productId = idFromSegment(useParams().productSlug);
  const { product, status, retryNow } = useProductDetails(productId);
  usePageMeta({ title: 'Product | Haat', description: 'Product details, prices in ₹ and delivery in under 10 minutes on Haat.' });

  if (!productId) {
    return (
      <p className="page error-banner" role="alert">
        Invalid product ID.
      </p>
    );
  }
  if (status === 'error') {
    return (
      <section className="page page--narrow state-box" role="alert">
        <p className="error-banner">Unable to fetch product details after multiple attempts.</p>
        <button type="button" className="btn btn--primary" onClick={retryNow}>
          Retry
        </button>
      </section>
    );
  }
  if (!product) {
    return (
      <div className="page product-loader" role="status">
        <span className="skeleton product-loader__media" />
        <span className="visually-hidden">Loading product…</span>
      </div>
    );
  }
  return <ProductDetail key={product._id} product={product} />;
}
