import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import type { SubCategory } from '@haat/shared/catalog/catalog.types';
import { adminApi, categoriesQuery, subCategoriesQuery } from './api';
import { AdminCrudPage, type Column } from './components/admin-crud-page';
import { adminPage } from './components/admin-frame';
import { CatalogueDialog } from './components/catalogue-dialog';
import { ImageViewer } from './components/image-viewer';
import { useAdminCrud } from './hooks/use-admin-crud';
import { onePage, useAdminList } from './hooks/use-admin-list';

const removeSubCategory = (sub: SubCategory) => adminApi.deleteSubCategory(sub._id);

function SubCategoryManager() {
  const { t } = useTranslation('admin');
  const crud = useAdminCrud({ list: onePage(subCategoriesQuery()), remove: removeSubCategory });
  const categories = useAdminList(categoriesQuery());
  const [viewing, setViewing] = useState<SubCategory | null>(null);
  const columns: Array<Column<SubCategory>> = [
    { head: t('subcategory.column.number'), role: 'number', cell: (_s, i) => i + 1 },
    { head: t('subcategory.column.name'), role: 'name', cell: (s) => s.name },
    {
      head: t('subcategory.column.image'),
      role: 'image',
      cell: (s) => (
        <button type="button" className="admin-thumb" aria-label={t('subcategory.viewImage', { name: s.name })} onClick={() => setViewing(s)}>
          <img src={s.image || '/placeholder.svg'} alt="" width={48} height={48} loading="lazy" />
        </button>
      ),
    },
    {
      head: t('subcategory.column.category'),
      role: 'category',
      cell: (s) => (
        <ul className="chips">
          {s.category.map((c) => (
            <li key={c._id} className="chip">
              {c.name}
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <AdminCrudPage
      crud={crud}
      heading={t('subcategory.heading')}
      addLabel={t('subcategory.add')}
      empty={t('subcategory.empty')}
      view={{ kind: 'table', className: 'admin-table--subcategory', testId: 'subcategory-row', columns }}
      confirm={{ message: t('subcategory.confirmDelete'), confirmLabel: t('confirm') }}
      editor={(sub, close) => (
        <CatalogueDialog
          title={sub ? t('subcategory.edit') : t('subcategory.add')}
          namePlaceholder={t('subcategory.namePlaceholder')}
          initial={sub}
          parents={categories.items}
          submitLabel={t('submit')}
          busyLabel={t('loading')}
          incompleteMessage={t('subcategory.incomplete')}
          save={({ name, image, category = [] }) =>
            sub ? adminApi.updateSubCategory({ _id: sub._id, name, image, category }) : adminApi.addSubCategory({ name, image, category })
          }
          onClose={close}
          onSaved={crud.list.reload}
        />
      )}
    >
      {viewing && <ImageViewer src={viewing.image || '/placeholder.svg'} alt={viewing.name} onClose={() => setViewing(null)} />}
    </AdminCrudPage>
  );
}

/** /dashboard/subcategory (docs/product.md#screens, Sub Category management). */
export const SubCategoryPage = adminPage(SubCategoryManager, 'admin:subcategory.');
