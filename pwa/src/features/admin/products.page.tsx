import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { LIMITS } from '@haat/shared/common/limits';
import { useDebounced } from '../../lib/hooks/use-debounced';
import { PageMeta } from '../../lib/ui/page-meta';
import { adminApi, type ProductsPage } from './api';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { AdminFrame } from './components/admin-frame';
import { ProductForm } from './components/product-form';
import { useConfirmedDelete } from './hooks/use-confirmed-delete';
import { clampPage, pagerView } from './pager';
import { dropProductCopy } from './storefront-copies';

/** /dashboard/product (docs/product.md#screens, Admin Products). */
export function AdminProductsPage() {
  return (
    <>
      <PageMeta title="Admin Products" description="Admin panel to manage products" />
      <AdminFrame>
        <ProductManager />
      </AdminFrame>
    </>
  );
}

function ProductManager() {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), LIMITS.adminSearchDebounceMs);
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<(ProductsPage & { loading: boolean }) | null>(null);
  const [editing, setEditing] = useState<Product | null>(null);
  const reload = () => setVersion((v) => v + 1);
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');

  // `?edit=<id>` (the overview's low-stock "Adjust" link) opens that product's form at once.
  useEffect(() => {
    if (!editId) return undefined;
    const abort = { done: false };
    adminApi.product(editId).then(
      (product) => !abort.done && product && setEditing(product),
      () => undefined,
    );
    return () => {
      abort.done = true;
    };
  }, [editId]);
  const closeEditor = () => {
    setEditing(null);
    if (editId) setParams({}, { replace: true });
  };

  useEffect(() => {
    setPage(1);
  }, [query]);
  useEffect(() => {
    const abort = new AbortController();
    setResult((r) => (r ? { ...r, loading: true } : null));
    adminApi.products(page, query, abort.signal).then(
      (answer) => {
        // A delete that emptied the last page: show the new last page instead.
        const last = clampPage(page, answer.totalPages);
        if (last !== page) return setPage(last);
        setResult({ ...answer, loading: false });
      },
      () => !abort.signal.aborted && setResult((r) => ({ items: r?.items ?? [], totalPages: r?.totalPages ?? 1, loading: false })),
    );
    return () => abort.abort();
  }, [page, query, version]);

  const deletion = useConfirmedDelete<Product>({
    remove: (product) => adminApi.deleteProduct(product._id),
    after: async (product) => {
      await dropProductCopy(product._id);
      reload();
    },
    message: 'Are you sure want to delete permanently?',
    confirmLabel: 'Delete',
  });

  const loading = !result || result.loading;
  const pager = result ? pagerView(page, result.totalPages) : null;
  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>Admin Products</h1>
        <input
          type="search"
          className="admin-search"
          aria-label="Search products"
          placeholder="Search product here ..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {loading ? (
        <ul className="admin-product-grid" aria-busy="true" aria-label="Loading products">
          {Array.from({ length: LIMITS.adminProductsPageSize }, (_, i) => (
            <li key={i} className="admin-card" aria-hidden="true">
              <span className="skeleton admin-card__image-skeleton" />
              <span className="skeleton skeleton--line" />
              <span className="skeleton skeleton--line skeleton--short" />
            </li>
          ))}
        </ul>
      ) : result.items.length === 0 ? (
        <p className="state-box admin-empty">No products found</p>
      ) : (
        <ul className="admin-product-grid">
          {result.items.map((p) => (
            <li key={p._id} className="admin-card" data-testid="admin-product-card">
              <img src={p.image[0] || '/placeholder.svg'} alt="" width={120} height={120} loading="lazy" />
              <p className="admin-card__name">{p.name}</p>
              <p className="admin-card__unit">{p.unit}</p>
              <div className="admin-card__actions">
                <button type="button" className="btn btn--ghost btn--small" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                  Edit
                </button>
                <button type="button" className="btn btn--ghost btn--small admin-danger" aria-label={`Delete ${p.name}`} onClick={() => deletion.ask(p)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pager && (
        <nav className="admin-pager" aria-label="Pages">
          <button type="button" className="btn btn--ghost btn--small" disabled={!pager.hasPrevious || loading} onClick={() => setPage((p) => p - 1)}>
            Previous
          </button>
          <span aria-live="polite">{pager.label}</span>
          <button type="button" className="btn btn--ghost btn--small" disabled={!pager.hasNext || loading} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </nav>
      )}
      {editing && (
        <ModalDialog label="Upload Product" heading onClose={closeEditor} variant="form">
          <ProductForm
            product={editing}
            onSaved={() => {
              closeEditor();
              reload();
            }}
          />
        </ModalDialog>
      )}
      {deletion.dialog}
    </section>
  );
}
