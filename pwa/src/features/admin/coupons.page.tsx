import { useState } from 'react';
import type { Coupon } from '@haat/shared/promotions/coupon.schema';
import { formatDate, formatMoney, formatNumber } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { toast } from '../../lib/ui/toast';
import { AdminListState, AdminTable, type Column } from './components/admin-crud-page';
import { adminPage } from './components/admin-frame';
import { CouponForm } from './components/coupon-form';
import { couponState } from './coupon-form-model';
import { useAdminList } from './hooks/use-admin-list';
import { couponEnableWrite, couponsApi, couponsQuery } from './coupons-api';
import { useServerWrite } from '../../lib/query/server-write';

// In the app's language and the admin's own time zone, as the form's date-time inputs are.
const when = (iso: string) => formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The table of coupons with Add, Edit, Disable (which asks first: the coupon stops applying at once) and Enable. */
export function CouponManager() {
  const { t } = useTranslation('coupons');
  const list = useAdminList(couponsQuery());
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [disabling, setDisabling] = useState<Coupon | null>(null);
  const enabling = useServerWrite(couponEnableWrite());
  // One at a time: its button stays enabled and busy (the focus stays on it) and a press meanwhile is ignored.
  const enable = (coupon: Coupon) => {
    if (!enabling.isPending) enabling.mutate(coupon, { onSuccess: list.reload });
  };

  const columns: Array<Column<Coupon>> = [
    { head: t('column.code'), cell: (c) => <strong>{c.code}</strong> },
    {
      head: t('column.discount'),
      cell: (c) => (c.type === 'percent' ? t('percentOff', { value: formatNumber(c.value) }) : t('flatOff', { amount: formatMoney(c.value) })),
    },
    { head: t('column.maxDiscount'), cell: (c) => (c.maxDiscount === null ? t('noMaxDiscount') : formatMoney(c.maxDiscount)) },
    { head: t('column.minOrder'), cell: (c) => (c.minOrder === null ? t('noMinOrder') : formatMoney(c.minOrder)) },
    { head: t('column.window'), cell: (c) => t('window', { from: when(c.startsAt), to: when(c.endsAt) }) },
    {
      head: t('column.uses'),
      cell: (c) => (
        <>
          {c.totalUses === null
            ? t('usesNoLimit', { used: formatNumber(c.used) })
            : t('uses', { used: formatNumber(c.used), total: formatNumber(c.totalUses) })}
          <br />
          {c.perAccountUses === null ? t('perAccountNoLimit') : t('perAccount', { cap: formatNumber(c.perAccountUses) })}
        </>
      ),
    },
    {
      head: t('column.state'),
      testId: 'coupon-state',
      cell: (c) => {
        const state = couponState(c);
        return state === 'scheduled' ? t('state.scheduled', { from: when(c.startsAt) }) : t(`state.${state}`);
      },
    },
  ];

  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{t('heading')}</h1>
        <button type="button" className="btn btn--primary btn--small" data-testid="coupon-add" onClick={() => setEditing('new')}>
          {t('add')}
        </button>
      </div>
      <AdminListState list={list} empty={t('empty')} loading={t('loading')}>
        <AdminTable
          className="admin-table--stacked coupon-table"
          items={list.items}
          busy={list.loading}
          columns={columns}
          actionsHead={t('column.actions')}
          row={(c) => ({ key: c._id, 'data-testid': `coupon-row-${c.code}` })}
          actions={(c) => (
            <>
              <button type="button" className="btn btn--ghost btn--small" aria-label={t('editLabel', { code: c.code })} onClick={() => setEditing(c)}>
                {t('editButton')}
              </button>
              {c.active ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--small admin-danger"
                  aria-label={t('disableLabel', { code: c.code })}
                  onClick={() => setDisabling(c)}
                >
                  {t('disable')}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  aria-label={t('enableLabel', { code: c.code })}
                  aria-busy={(enabling.isPending && enabling.variables?._id === c._id) || undefined}
                  onClick={() => enable(c)}
                >
                  {t('enable')}
                </button>
              )}
            </>
          )}
        />
      </AdminListState>
      {editing !== null && (
        <CouponForm
          coupon={editing === 'new' ? undefined : editing}
          save={(body) => (editing === 'new' ? couponsApi.create(body) : couponsApi.update({ ...body, _id: editing._id }))}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      {disabling !== null && (
        <ConfirmDialog
          title={t('disableDialog.title', { code: disabling.code })}
          message={t('disableDialog.message')}
          confirmLabel={t('disable')}
          keepLabel={t('cancel')}
          onKeep={() => setDisabling(null)}
          onConfirm={async () => {
            const answer = await couponsApi.disable(disabling._id);
            toast.success(answer.message || t('disabled'));
            setDisabling(null);
            list.reload();
          }}
        />
      )}
    </section>
  );
}

/** /dashboard/coupons (docs/product.md#coupons): the admin's coupons, made, changed and disabled here. */
export const CouponsPage = adminPage(CouponManager, 'coupons:');
