import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router-dom';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { productPath } from '@haat/shared/routing/slug';
import { adminPage } from './components/admin-frame';
import { ProductForm } from './components/product-form';

/** docs/product.md#screens, Upload Product: once uploaded, links to the product's page and its edit form (`?edit=<id>`). */
export function UploadProduct() {
  const { t } = useTranslation('admin');
  const [uploaded, setUploaded] = useState<Pick<Product, '_id' | 'name'> | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  // Saved from the foot of a long form: the links come into view (below the sticky header) and take the focus.
  useEffect(() => {
    const el = notice.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView?.({ block: 'center' });
  }, [uploaded?._id]);
  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{t('form.title')}</h1>
      </div>
      {uploaded && (
        <p ref={notice} className="admin-uploaded" role="status" tabIndex={-1} data-testid="uploaded-product">
          <span>{t('form.uploaded', { name: uploaded.name })}</span>
          <Link to={productPath(uploaded)}>{t('form.uploadedView')}</Link>
          <Link to={`/dashboard/product?edit=${encodeURIComponent(uploaded._id)}`}>{t('form.uploadedEdit')}</Link>
        </p>
      )}
      <ProductForm onSaved={(saved) => saved && setUploaded({ _id: saved._id, name: saved.name })} />
    </section>
  );
}

/** /dashboard/upload-product (docs/product.md#screens, Upload Product). */
export const UploadProductPage = adminPage(UploadProduct, 'admin:form.', 'admin:form.title');
