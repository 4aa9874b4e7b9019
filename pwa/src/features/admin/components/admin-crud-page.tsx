import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { formatNumber } from '../../../i18n/format';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import type { AdminCrud } from '../hooks/use-admin-crud';
import { pagerView } from '../hooks/use-admin-list';

interface Named {
  _id: string;
  name: string;
}

export interface Column<T> {
  head: string;
  cell: (item: T, index: number) => ReactNode;
  /** Names the column for the phone layout's CSS (admin.css), e.g. 'name', 'category'. */
  role?: string;
  testId?: string;
}

/** How a page shows its items: cards (an image, the name and more lines) or a table of columns. */
export type CrudView<T> =
  | {
      kind: 'cards';
      className: string;
      testId: string;
      image: (item: T) => string | undefined;
      /** Lines under the name (a product's unit). */
      lines?: Array<{ className: string; text: (item: T) => ReactNode }>;
      /** Skeleton cards while any page loads (paged lists); without it, "Loading..." before the first read. */
      skeletons?: number;
      loadingLabel?: string;
    }
  | { kind: 'table'; className: string; testId: string; columns: Array<Column<T>> };

interface Props<T extends Named> {
  crud: AdminCrud<T>;
  heading: string;
  /** The Add button's words; without it there is none (products are added on Upload Product). */
  addLabel?: string;
  /** Beside the heading: a search box. */
  headExtra?: ReactNode;
  empty: string;
  view: CrudView<T>;
  /** The "Permanent Delete" question and its button. */
  confirm: { message: string; confirmLabel: string };
  /** The add (item undefined) or edit form, as a dialog; `close` when it is done or cancelled. */
  editor: (item: T | undefined, close: () => void) => ReactNode;
  children?: ReactNode;
}

/** docs/product.md#screens, the admin's catalogue pages (docs/decisions/0056-admin-catalogue-screens.md). */
export function AdminCrudPage<T extends Named>({ crud, heading, addLabel, headExtra, empty, view, confirm, editor, children }: Props<T>) {
  const { t } = useTranslation('admin');
  const { list } = crud;
  const skeletons = view.kind === 'cards' ? view.skeletons : undefined;
  const body =
    skeletons && (list.loading || !list.loaded) ? (
      <ul className={view.className} aria-busy="true" aria-label={view.kind === 'cards' ? view.loadingLabel : undefined}>
        {Array.from({ length: skeletons }, (_, i) => (
          <li key={i} className="admin-card" aria-hidden="true">
            <span className="skeleton admin-card__image-skeleton" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </li>
        ))}
      </ul>
    ) : (
      <AdminListState list={list} empty={empty} loading={t('loading')}>
        {view.kind === 'cards' ? (
          <ul className={view.className} aria-busy={list.loading}>
            {list.items.map((item) => (
              <li key={item._id} className="admin-card" data-testid={view.testId}>
                <img src={view.image(item) || '/placeholder.svg'} alt="" loading="lazy" width={120} height={120} />
                <p className="admin-card__name">{item.name}</p>
                {view.lines?.map((line) => (
                  <p key={line.className} className={line.className}>
                    {line.text(item)}
                  </p>
                ))}
                <div className="admin-card__actions">
                  <ItemActions item={item} crud={crud} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <AdminTable
            className={view.className}
            items={list.items}
            busy={list.loading}
            columns={view.columns}
            actionsHead={t('action')}
            actions={(item) => <ItemActions item={item} crud={crud} icons />}
            row={(item) => ({ key: item._id, 'data-testid': view.testId })}
          />
        )}
      </AdminListState>
    );

  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{heading}</h1>
        {addLabel && (
          <button type="button" className="btn btn--primary btn--small" onClick={crud.add}>
            {addLabel}
          </button>
        )}
        {headExtra}
      </div>
      {body}
      <AdminPager page={list.page} totalPages={list.totalPages} busy={list.loading} label={t('pager.label')} onPage={list.setPage} />
      {crud.editing !== null && editor(crud.editing === 'new' ? undefined : crud.editing, crud.closeEditor)}
      {crud.deleting !== null && (
        <ConfirmDialog
          title={t('deleteDialog.title')}
          message={confirm.message}
          confirmLabel={confirm.confirmLabel}
          keepLabel={t('cancel')}
          onKeep={crud.keep}
          onConfirm={crud.confirmDelete}
        />
      )}
      {children}
    </section>
  );
}

interface PagerProps {
  page: number;
  totalPages: number;
  busy: boolean;
  label: string;
  onPage: (page: number) => void;
}

/** Previous, "Page 2 of 5" and Next under a list of more than one page; nothing for a single page. */
export function AdminPager({ page, totalPages, busy, label, onPage }: PagerProps) {
  const { t } = useTranslation('admin');
  const pager = pagerView(page, totalPages);
  if (!pager) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="btn btn--ghost btn--small" disabled={!pager.hasPrevious || busy} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.page', { page: formatNumber(page), total: formatNumber(totalPages) })}</span>
      <button type="button" className="btn btn--ghost btn--small" disabled={!pager.hasNext || busy} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}

interface ListStateProps {
  list: { items: unknown[]; loaded: boolean };
  empty: string;
  loading: string;
  children: ReactNode;
}

/** Before the first read "Loading...", then the list, or the empty note once read. */
export function AdminListState({ list, empty, loading, children }: ListStateProps) {
  if (list.items.length > 0) return children;
  return list.loaded ? (
    <p className="state-box admin-empty">{empty}</p>
  ) : (
    <p className="admin-loading" role="status">
      {loading}
    </p>
  );
}

interface TableProps<T> {
  /** More classes of the table: admin-table--stacked makes each row a card of "label value" lines on a phone (admin.css). */
  className: string;
  items: T[];
  busy: boolean;
  columns: Array<Column<T>>;
  actionsHead: string;
  actions: (item: T) => ReactNode;
  row: (item: T) => { key: string } & Record<`data-${string}`, string>;
}

/** An admin table: a column a field, each cell labelled with its column's head (the phone layout shows it), buttons last. */
export function AdminTable<T>({ className, items, busy, columns, actionsHead, actions, row }: TableProps<T>) {
  return (
    <div className="admin-table-wrap">
      <table className={`admin-table ${className}`} aria-busy={busy}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.head} scope="col" data-role={c.role}>
                {c.head}
              </th>
            ))}
            <th scope="col" data-role="actions">
              {actionsHead}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => {
            const { key, ...data } = row(item);
            return (
              <tr key={key} {...data}>
                {columns.map((c) => (
                  <td key={c.head} data-role={c.role} data-label={c.head} data-testid={c.testId}>
                    {c.cell(item, i)}
                  </td>
                ))}
                <td data-role="actions">
                  <span className="admin-row-actions">{actions(item)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Edit and Delete for one item: words on a card, icons in a table row; each names the item for screen readers. */
function ItemActions<T extends Named>({ item, crud, icons = false }: { item: T; crud: AdminCrud<T>; icons?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <button
        type="button"
        className={icons ? 'icon-btn' : 'btn btn--ghost btn--small'}
        aria-label={t('editName', { name: item.name })}
        onClick={() => crud.edit(item)}
      >
        {icons ? <Icon d="M4 20h4L19 9l-4-4L4 16v4z" /> : t('edit')}
      </button>
      <button
        type="button"
        className={`${icons ? 'icon-btn' : 'btn btn--ghost btn--small'} admin-danger`}
        aria-label={t('deleteName', { name: item.name })}
        onClick={() => crud.askDelete(item)}
      >
        {icons ? <Icon d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" /> : t('delete')}
      </button>
    </>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={d} />
    </svg>
  );
}
