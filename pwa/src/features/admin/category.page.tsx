import { useEffect, useState } from 'react';
import type { Category } from '@haat/shared/catalog/catalog.types';
import { PageMeta } from '../../lib/ui/page-meta';
import { adminApi } from './api';
import { AdminFrame } from './components/admin-frame';
import { CategoryDialog } from './components/category-dialog';
import { useAdminList } from './hooks/use-admin-list';
import { useConfirmedDelete } from './hooks/use-confirmed-delete';
import { replaceCategoryCopies } from './storefront-copies';

/** /dashboard/category (docs/product.md#screens, Category management). */
export function CategoryPage() {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <>
      <PageMeta title="Manage Categories" description="Admin panel to manage product categories" />
      <AdminFrame>
        <CategoryManager />
      </AdminFrame>
    </>
  );
}

function CategoryManager() {
  const { items, loading, reload } = useAdminList(adminApi.categories, replaceCategoryCopies);
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const deletion = useConfirmedDelete<Category>({
    remove: (category) => adminApi.deleteCategory(category._id),
    after: reload,
    message: 'Are you sure permanent delete ?',
    confirmLabel: 'Confirm',
  });
  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>Category Management</h1>
        <button type="button" className="btn btn--primary btn--small" onClick={() => setEditing('new')}>
          Add Category
        </button>
      </div>
      {loading && items.length === 0 && (
        <p className="admin-loading" role="status">
          Loading...
        </p>
      )}
      {!loading && items.length === 0 && <p className="state-box admin-empty">No categories yet. Add one to get started.</p>}
      <ul className="category-grid" aria-busy={loading}>
        {items.map((c) => (
          <li key={c._id} className="admin-card" data-testid="category-card">
            <img src={c.image || '/placeholder.svg'} alt="" loading="lazy" width={120} height={120} />
            <p className="admin-card__name">{c.name}</p>
            <div className="admin-card__actions">
              <button type="button" className="btn btn--ghost btn--small" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                Edit
              </button>
              <button type="button" className="btn btn--ghost btn--small admin-danger" aria-label={`Delete ${c.name}`} onClick={() => deletion.ask(c)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing && <CategoryDialog category={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} onSaved={reload} />}
      {deletion.dialog}
    </section>
  );
}
