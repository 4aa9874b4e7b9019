import { PageMeta } from '../../lib/ui/page-meta';
import { AdminFrame } from './components/admin-frame';
import { ProductForm } from './components/product-form';

/** /dashboard/upload-product (docs/product.md#screens, Upload Product). */
export function UploadProductPage() {
  return (
    <>
      <PageMeta title="Upload Product" description="Admin panel to upload a new product" />
      <AdminFrame>
        <section className="admin-page">
          <div className="admin-page__head">
            <h1>Upload Product</h1>
          </div>
          <ProductForm />
        </section>
      </AdminFrame>
    </>
  );
}
