import { useState } from 'react';
import type { SubCategory } from '@haat/shared/catalog/catalog.types';
import { PageMeta } from '../../lib/ui/page-meta';
import { adminApi } from './api';
import { AdminFrame } from './components/admin-frame';
import { ImageViewer } from './components/image-viewer';
import { SubCategoryDialog } from './components/subcategory-dialog';
import { useAdminList } from './hooks/use-admin-list';
import { useConfirmedDelete } from './hooks/use-confirmed-delete';
import { replaceCategoryCopies, replaceSubCategoryCopies } from './storefront-copies';

/** /dashboard/subcategory (docs/product.md#screens, Sub Category management). */
export function SubCategoryPage() {
  return (
    <>
      <PageMeta title="All Sub Categories" description="Admin panel to manage product sub categories" />
      <AdminFrame>
        <SubCategoryManager />
      </AdminFrame>
    </>
  );
}

function SubCategoryManager() {
  const { items, loading, reload } = useAdminList(adminApi.subCategories, replaceSubCategoryCopies);
  const categories = useAdminList(adminApi.categories, replaceCategoryCopies);
  const [editing, setEditing] = useState<SubCategory | 'new' | null>(null);
  const [viewing, setViewing] = useState<SubCategory | null>(null);
  const deletion = useConfirmedDelete<SubCategory>({
    remove: (sub) => adminApi.deleteSubCategory(sub._id),
    after: reload,
    message: 'Are you sure permanent delete ?',
    confirmLabel: 'Confirm',
  });
  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>Sub Category</h1>
        <button type="button" className="btn btn--primary btn--small" onClick={() => setEditing('new')}>
          Add Sub Category
        </button>
      </div>
      {loading && items.length === 0 && (
        <p className="admin-loading" role="status">
          Loading...
        </p>
      )}
      {!loading && items.length === 0 && <p className="state-box admin-empty">No sub categories yet.</p>}
      {items.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--subcategory">
            <thead>
              <tr>
                <th scope="col">Sr. No</th>
                <th scope="col">Name</th>
                <th scope="col">Image</th>
                <th scope="col">Category</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s, i) => (
                <tr key={s._id} data-testid="subcategory-row">
                  <td>{i + 1}</td>
                  <td>{s.name}</td>
                  <td>
                    <button type="button" className="admin-thumb" aria-label={`View image of ${s.name}`} onClick={() => setViewing(s)}>
                      <img src={s.image || '/placeholder.svg'} alt="" width={48} height={48} loading="lazy" />
                    </button>
                  </td>
                  <td>
                    <ul className="chips">
                      {s.category.map((c) => (
                        <li key={c._id} className="chip">
                          {c.name}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <span className="admin-row-actions">
                      <button type="button" className="icon-btn" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s)}>
                        <PencilIcon />
                      </button>
                      <button type="button" className="icon-btn admin-danger" aria-label={`Delete ${s.name}`} onClick={() => deletion.ask(s)}>
                        <BinIcon />
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <SubCategoryDialog
          subCategory={editing === 'new' ? undefined : editing}
          categories={categories.items}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
      {deletion.dialog}
      {viewing && <ImageViewer src={viewing.image || '/placeholder.svg'} alt={viewing.name} onClose={() => setViewing(null)} />}
    </section>
  );
}

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 20h4L19 9l-4-4L4 16v4z" />
    </svg>
  );
}

function BinIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
    </svg>
  );
}
