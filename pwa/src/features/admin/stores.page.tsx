import { useState } from 'react';
import type { Envelope } from '@haat/shared/common/envelope';
import type { CreateStoreRequest, Store, StoreStockLine, TransferDirection } from '@haat/shared/stores/store.schema';
import { formatNumber } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import { useServerWrite } from '../../lib/query/server-write';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { AdminListState, AdminTable, type Column } from './components/admin-crud-page';
import { adminPage } from './components/admin-frame';
import { useCheckedForm } from './components/checked-form';
import { useAdminList } from './hooks/use-admin-list';
import { shelfWrite, storeOpenWrite, storesApi, storeStockQuery, storesQuery } from './stores-api';
import { ruleSentence } from './rule-words';
import { emptyStoreFields, STORE_FIELDS, storeFieldsOf, storeRequest, type StoreField } from './store-form-model';
import { StoreQueue } from './store-queue';
import { OpenedHeading } from './components/opened-heading';
import { ShelfAddForm } from './components/shelf-add-form';

/** The stores with Add, Edit, Close (which asks first: its pincodes go to the courier at once) and Reopen, and a store's shelves. */
export function StoreManager() {
  const { t } = useTranslation('stores');
  const list = useAdminList(storesQuery());
  const [editing, setEditing] = useState<Store | 'new' | null>(null);
  const [closing, setClosing] = useState<Store | null>(null);
  // What is open under the table: a store's shelves or its order queue.
  const [below, setBelow] = useState<{ id: string; what: 'shelves' | 'queue' } | null>(null);
  const opening = useServerWrite(storeOpenWrite());
  const busy = opening.isPending;
  const setOpen = (store: Store, open: boolean) =>
    opening.mutate(
      { id: store._id, open },
      {
        onSuccess: () => {
          setClosing(null);
          list.reload();
        },
      },
    );
  const columns: Array<Column<Store>> = [
    {
      head: t('column.name'),
      cell: (s) => (
        <>
          <strong>{s.name}</strong>
          <br />
          {`${s.address}, ${s.city}, ${s.state} ${s.pincode}`}
          <br />
          <span data-testid="store-hours">{t('hours', { opens: s.opensAt, closes: s.closesAt })}</span>
        </>
      ),
    },
    { head: t('column.serves'), cell: (s) => s.servesPincodes.join(', ') },
    { head: t('column.promise'), cell: (s) => t('minutes', { count: s.promiseMinutes }) },
    {
      head: t('column.units'),
      testId: 'store-on-sale',
      cell: (s) => (s.units > 0 ? t('onSale', { count: s.products, units: formatNumber(s.units) }) : t('onSaleNone')),
    },
    { head: t('column.state'), testId: 'store-state', cell: (s) => <span className={s.open ? '' : 'admin-danger'}>{t(s.open ? 'open' : 'closed')}</span> },
  ];
  const shown = list.items.find((s) => s._id === below?.id);
  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{t('heading')}</h1>
        <button type="button" className="btn btn--primary btn--small" data-testid="store-add" onClick={() => setEditing('new')}>
          {t('add')}
        </button>
      </div>
      <AdminListState list={list} empty={t('empty')} loading={t('loading')}>
        <AdminTable
          className="admin-table--stacked"
          items={list.items}
          busy={list.loading}
          columns={columns}
          actionsHead={t('column.actions')}
          row={(s) => ({ key: s._id, 'data-testid': `store-row-${s.pincode}` })}
          actions={(s) => (
            <>
              <button type="button" className="btn btn--ghost btn--small" aria-label={t('editLabel', { name: s.name })} onClick={() => setEditing(s)}>
                {t('edit')}
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={t('stockLabel', { name: s.name })}
                onClick={() => setBelow({ id: s._id, what: 'shelves' })}
              >
                {t('stock')}
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={t('queueLabel', { name: s.name })}
                onClick={() => setBelow({ id: s._id, what: 'queue' })}
              >
                {t('queueButton')}
              </button>
              {s.open ? (
                <button type="button" className="btn btn--ghost btn--small admin-danger" onClick={() => setClosing(s)}>
                  {t('close')}
                </button>
              ) : (
                <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void setOpen(s, true)}>
                  {t('reopen')}
                </button>
              )}
            </>
          )}
        />
      </AdminListState>
      {shown &&
        (below?.what === 'queue' ? (
          <StoreQueue key={`q${shown._id}`} store={shown} />
        ) : (
          <StoreShelves key={`s${shown._id}`} store={shown} onChanged={list.reload} />
        ))}
      {editing !== null && (
        <StoreForm
          store={editing === 'new' ? undefined : editing}
          save={(body) => (editing === 'new' ? storesApi.create(body) : storesApi.update({ ...body, _id: editing._id }))}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      {closing !== null && (
        <ConfirmDialog
          title={t('closeDialog.title', { name: closing.name })}
          message={t('closeDialog.message')}
          confirmLabel={t('close')}
          keepLabel={t('cancel')}
          onKeep={() => setClosing(null)}
          onConfirm={() => setOpen(closing, false)}
        />
      )}
    </section>
  );
}

interface FormProps {
  store?: Store;
  save: (body: CreateStoreRequest) => Promise<{ message: string }>;
  onClose: () => void;
  onSaved: () => void;
}

/** A store's place, the pincodes it serves, its minutes and its counter's hours, checked with the API's own schema before sending. */
function StoreForm({ store, save, onClose, onSaved }: FormProps) {
  const { t } = useTranslation('stores');
  const { field, dialog } = useCheckedForm({
    t,
    testId: 'store',
    names: STORE_FIELDS,
    initial: () => (store ? storeFieldsOf(store) : emptyStoreFields()),
    check: storeRequest,
    save: async (body) => (await save(body)).message || t('saved'),
    words: (name, problem: string) => ruleSentence(t, t(`field.${name}`), problem),
    onSaved,
    onClose,
  });
  const input = (p: Parameters<Parameters<typeof field>[1]>[0]) => <input type="text" autoComplete="off" {...p} />;
  // The browser's own time picker, drawn in the browser's own way (09:00 AM in an en-IN browser); its value is HH:MM on a
  // 24-hour clock, as the API takes it.
  const time = (p: Parameters<Parameters<typeof field>[1]>[0]) => <input type="time" {...p} />;
  const hint = (name: StoreField) => (name === 'servesPincodes' ? t('hint.serves') : name === 'opensAt' ? t('hint.hours') : undefined);
  return dialog(
    store ? t('editTitle', { name: store.name }) : t('add'),
    <>
      {STORE_FIELDS.map((name) => (
        <div key={name}>{field(name, name === 'opensAt' || name === 'closesAt' ? time : input, hint(name))}</div>
      ))}
    </>,
  );
}

/** A store's shelves: each unit's figures beside the warehouse's, set (against the figure shown) or moved from and to the warehouse. */
function StoreShelves({ store, onChanged }: { store: Store; onChanged: () => void }) {
  const { t } = useTranslation('stores');
  const stock = useAdminList(storeStockQuery(store._id));
  const changing = useServerWrite(shelfWrite());
  const busy = changing.isPending;
  const [units, setUnits] = useState<Record<string, string>>({});
  const keyOf = (l: Pick<StoreStockLine, 'productId' | 'variantId'>) => `${l.productId}:${l.variantId ?? ''}`;
  const act = (work: () => Promise<Envelope<unknown>>) =>
    changing.mutate(work, {
      onSuccess: () => {
        stock.reload();
        onChanged();
      },
    });
  const transfer = (l: { productId: string; variantId: string | null }, count: string, to: TransferDirection) =>
    act(() => storesApi.transfer({ storeId: store._id, productId: l.productId, variantId: l.variantId || null, units: Number(count), to }));
  const columns: Array<Column<StoreStockLine>> = [
    { head: t('column.product'), cell: (l) => (l.variantName ? `${l.name} (${l.variantName})` : l.name) },
    { head: t('column.onHand'), testId: 'shelf-on-hand', cell: (l) => formatNumber(l.onHand) },
    { head: t('column.reserved'), cell: (l) => formatNumber(l.reserved) },
    { head: t('column.available'), cell: (l) => formatNumber(l.available) },
    { head: t('column.warehouse'), cell: (l) => formatNumber(l.warehouseAvailable) },
  ];
  return (
    <section className="admin-page__section store-shelves" aria-label={t('shelves', { name: store.name })} data-testid="store-shelves">
      <OpenedHeading>{t('shelves', { name: store.name })}</OpenedHeading>
      <AdminListState list={stock} empty={t('noStock')} loading={t('loading')}>
        <AdminTable
          className="admin-table--stacked"
          items={stock.items}
          busy={stock.loading || busy}
          columns={columns}
          actionsHead={t('column.actions')}
          row={(l) => ({ key: keyOf(l), 'data-testid': 'shelf-row' })}
          actions={(l) => {
            const count = units[keyOf(l)] ?? '';
            const ok = /^\d+$/.test(count) && !busy;
            return (
              <>
                <input
                  className="admin-units"
                  inputMode="numeric"
                  aria-label={t('unitsLabel', { name: l.name })}
                  value={count}
                  onChange={(e) => setUnits((u) => ({ ...u, [keyOf(l)]: e.target.value.replace(/\D/g, '') }))}
                />
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  disabled={!ok}
                  onClick={() =>
                    void act(() =>
                      storesApi.setStock({ storeId: store._id, productId: l.productId, variantId: l.variantId, stock: Number(count), expectedStock: l.onHand }),
                    )
                  }
                >
                  {t('setStock')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  disabled={!ok || Number(count) < 1}
                  onClick={() => void transfer(l, count, 'store')}
                >
                  {t('fromWarehouse')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  disabled={!ok || Number(count) < 1}
                  onClick={() => void transfer(l, count, 'warehouse')}
                >
                  {t('toWarehouse')}
                </button>
              </>
            );
          }}
        />
      </AdminListState>
      <ShelfAddForm busy={busy} onAdd={(unit, count) => void transfer(unit, count, 'store')} />
    </section>
  );
}

/** /dashboard/stores (docs/product.md#delivery): the dark stores, the pincodes each serves, their shelves and order queues. */
export const StoresPage = adminPage(StoreManager, 'stores:');
