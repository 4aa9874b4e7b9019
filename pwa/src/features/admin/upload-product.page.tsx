import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { productPath } from '@haat/shared/routing/slug';
import { PageMeta } from '../../lib/ui/page-meta';
import { AdminFrame } from './components/admin-frame';
import { ProductForm } from './components/product-form';

/** /dashboard/upload-product (docs/product.md#screens, Upload Product). */
export function UploadProductPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageMeta title={t('form.title')} description={t('form.metaDescription')} />
      <AdminFrame>
        <UploadProduct />
      </AdminFrame>
    </>
  );
}

/**
 * The form, and once a product is uploaded, links to its product page and to its edit form in Admin Products
 * (`?edit=<id>`) while the emptied form waits for the next one (docs/product.md#screens, Upload Product).
 */
export function UploadProduct() {
  const { t } = useTranslation('admin');
  const [uploaded, setUploaded] = useState<Pick<Product, '_id' | 'name'> | null>(null);
  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{t('form.title')}</h1>
      </div>
      {uploaded && (
        <p className="admin-uploaded" role="status" data-testid="uploaded-product">
          <span>{t('form.uploaded', { name: uploaded.name })}</span>
          <Link to={productPath(uploaded)}>{t('form.uploadedView')}</Link>
          <Link to={`/dashboard/product?edit=${encodeURIComponent(uploaded._id)}`}>{t('form.uploadedEdit')}</Link>
        </p>
      )}
      <ProductForm onSaved={({ _id, name }) => setUploaded({ _id, name })} />
    </section>
  );
}
