import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useSearchParams } from 'react-router-dom';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { LIMITS } from '@haat/shared/common/limits';
import { unitName } from '../../i18n/format';
import { useDebounced } from '../../lib/hooks/use-debounced';
import { useOnlineQuery } from '../../lib/query/query-client';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { adminApi, productQuery, productsQuery } from './api';
import { AdminCrudPage } from './components/admin-crud-page';
import { adminPage } from './components/admin-frame';
import { PeriodExport } from './components/period-export';
import { ProductForm } from './components/product-form';
import { useAdminCrud } from './hooks/use-admin-crud';
import { dropProductCopy } from './storefront-copies';

const removeProduct = (product: Product) => adminApi.deleteProduct(product._id);
const dropCopy = (product: Product) => dropProductCopy(product._id);

function ProductManager() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), LIMITS.adminSearchDebounceMs);
  const crud = useAdminCrud({
    list: (page) => productsQuery(query, page),
    query,
    remove: removeProduct,
    afterRemove: dropCopy,
  });
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  const { edit } = crud;

  // `?edit=<id>` (the overview's low-stock "Adjust" link) opens that product's form at once.
  const asked = useOnlineQuery({ ...productQuery(editId ?? ''), enabled: !!editId });
  const wanted = asked.data;
  useEffect(() => {
    if (wanted) edit(wanted);
    // `edit` only sets state; the product that arrived decides
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  return (
    <AdminCrudPage
      crud={crud}
      heading={t('products.heading')}
      headExtra={
        <input
          type="search"
          className="admin-search"
          aria-label={t('products.search')}
          placeholder={t('products.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      }
      empty={t('products.empty')}
      view={{
        kind: 'cards',
        className: 'admin-product-grid',
        testId: 'admin-product-card',
        image: (p) => p.image[0],
        lines: [{ className: 'admin-card__unit', text: (p) => unitName(p.unit) }],
        skeletons: LIMITS.adminProductsPageSize,
        loadingLabel: t('products.loading'),
      }}
      confirm={{ message: t('products.confirmDelete'), confirmLabel: t('delete') }}
      editor={(product, close) => {
        const closeEditor = () => {
          close();
          if (editId) setParams({}, { replace: true });
        };
        return (
          <ModalDialog label={t('form.editTitle')} heading onClose={closeEditor} variant="form">
            <ProductForm
              product={product}
              onSaved={() => {
                closeEditor();
                crud.list.reload();
              }}
            />
          </ModalDialog>
        );
      }}
    >
      <PeriodExport what="ledger" />
    </AdminCrudPage>
  );
}

/** /dashboard/product (docs/product.md#screens, Admin Products). */
export const AdminProductsPage = adminPage(ProductManager, 'admin:products.');
