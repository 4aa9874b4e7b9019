import { useTranslation } from '../../i18n/i18n';
import type { Category } from '@haat/shared/catalog/catalog.types';
import { adminApi, categoriesQuery } from './api';
import { AdminCrudPage } from './components/admin-crud-page';
import { adminPage } from './components/admin-frame';
import { CatalogueDialog } from './components/catalogue-dialog';
import { useAdminCrud } from './hooks/use-admin-crud';
import { onePage } from './hooks/use-admin-list';

const removeCategory = (category: Category) => adminApi.deleteCategory(category._id);

function CategoryManager() {
  const { t } = useTranslation('admin');
  const crud = useAdminCrud({ list: onePage(categoriesQuery()), remove: removeCategory });
  return (
    <AdminCrudPage
      crud={crud}
      heading={t('category.heading')}
      addLabel={t('category.add')}
      empty={t('category.empty')}
      view={{ kind: 'cards', className: 'category-grid', testId: 'category-card', image: (c) => c.image }}
      confirm={{ message: t('category.confirmDelete'), confirmLabel: t('confirm') }}
      editor={(category, close) => (
        <CatalogueDialog
          title={category ? t('category.update') : t('category.add')}
          namePlaceholder={t('category.namePlaceholder')}
          initial={category}
          submitLabel={category ? t('category.update') : t('category.add')}
          busyLabel={category ? t('category.updating') : t('category.adding')}
          savedMessage={t('category.added')}
          save={({ name, image }) => (category ? adminApi.updateCategory({ _id: category._id, name, image }) : adminApi.addCategory({ name, image }))}
          onClose={close}
          onSaved={crud.list.reload}
        />
      )}
    />
  );
}

/** /dashboard/category (docs/product.md#screens, Category management). */
export const CategoryPage = adminPage(CategoryManager, 'admin:category.');
