import { useTranslation } from 'react-i18next';
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
        <section className="admin-page">
          <div className="admin-page__head">
            <h1>{t('form.title')}</h1>
          </div>
          <ProductForm />
        </section>
      </AdminFrame>
    </>
  );
}
