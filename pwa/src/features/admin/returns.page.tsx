import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import type { AdminOrderReturn, ReturnStatus, ReturnStatusBody } from '@haat/shared/orders/returns';
import { formatDate, formatMoney } from '../../i18n/format';
import { problemOf } from '../../lib/http/http-problem';
import { toast } from '../../lib/ui/toast';
import { AdminListState, AdminTable, type Column } from './components/admin-crud-page';
import { adminPage } from './components/admin-frame';
import { ReturnMoveDialog, type ReturnMove } from './components/return-move-dialog';
import { useAdminList } from './hooks/use-admin-list';
import { returnsApi, returnsQuery } from './returns-api';
import './returns.css';
import { spacedMobile } from '@haat/shared/users/mobile-words';

/** The moves a return in each status may make next (RETURN_TRANSITIONS in shared/src/orders/returns.ts). */
const NEXT: Record<ReturnStatus, ReturnMove[]> = {
  REQUESTED: ['APPROVED', 'REJECTED'],
  APPROVED: ['RECEIVED'],
  RECEIVED: ['REFUNDED'],
  REJECTED: [],
  REFUNDED: [],
};
const TESTID: Record<ReturnMove, string> = { APPROVED: 'return-approve', REJECTED: 'return-reject', RECEIVED: 'return-receive', REFUNDED: 'return-refund' };

/** The returns, open ones unless "all" is ticked; after each move or refusal (409 RETURN_STATE) the list is read again. */
export function ReturnsManager() {
  const { t } = useTranslation('returns');
  const [all, setAll] = useState(false);
  const list = useAdminList(returnsQuery(all));
  const [moving, setMoving] = useState<{ ret: AdminOrderReturn; move: ReturnMove } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (body: ReturnStatusBody) => {
    setProblem(null);
    try {
      await returnsApi.move(body);
      toast.success(t(`done.${body.status}`));
    } catch (error) {
      const p = problemOf(error);
      setProblem(t(`refused.${p.code ?? 'other'}`, { message: p.message, defaultValue: t('refused.other', { message: p.message }) }));
    }
    setMoving(null);
    list.reload();
  };

  const columns: Array<Column<AdminOrderReturn>> = [
    { head: t('column.order'), cell: (ret) => <strong>#{ret.orderId}</strong> },
    {
      head: t('column.shopper'),
      cell: ({ customer }) =>
        customer ? (
          <>
            {customer.name}
            <br />
            {customer.email}
            {customer.mobile && (
              <>
                <br />
                {spacedMobile(customer.mobile)}
              </>
            )}
          </>
        ) : (
          t('unknownShopper')
        ),
    },
    { head: t('column.items'), cell: (ret) => ret.items.map((i) => `${i.name} × ${i.quantity}`).join(', ') },
    { head: t('column.reason'), cell: (ret) => (ret.kind === 'RETURN_TO_ORIGIN' ? t('returnToOrigin') : ret.reason) },
    { head: t('column.amount'), cell: (ret) => formatMoney(ret.amount) },
    { head: t('column.payment'), cell: (ret) => t(`payment.${ret.paymentMethod}`) },
    {
      head: t('column.status'),
      testId: 'admin-return-status',
      cell: (ret) => (
        <>
          {t(`status.${ret.status}`)}
          {ret.refund && (
            <>
              <br />
              {t(`refundMethod.${ret.refund.method}`)}
              {ret.refund.reference && ` · ${ret.refund.reference}`}
            </>
          )}
        </>
      ),
    },
    { head: t('column.requested'), cell: (ret) => formatDate(ret.createdAt) },
  ];

  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{t('heading')}</h1>
        <label className="returns-toggle">
          <input type="checkbox" data-testid="returns-show-all" checked={all} onChange={(e) => setAll(e.target.checked)} />
          {t('showAll')}
        </label>
      </div>
      {problem && (
        <p className="returns-problem" role="alert" data-testid="returns-problem">
          {problem}
        </p>
      )}
      <AdminListState list={list} empty={t(all ? 'emptyAll' : 'empty')} loading={t('loading')}>
        <AdminTable
          className="admin-table--stacked"
          items={list.items}
          busy={list.loading}
          columns={columns}
          actionsHead={t('column.actions')}
          row={(ret) => ({
            key: ret._id,
            'data-testid': 'admin-return-row',
            'data-return-id': ret._id,
            'data-order-id': ret.orderId,
            'data-status': ret.status,
          })}
          // A cash order's return to origin refunds nothing: receiving the parcel ends it.
          actions={(ret) =>
            NEXT[ret.status]
              .filter((move) => move !== 'REFUNDED' || ret.amount > 0)
              .map((move) => (
                <button
                  key={move}
                  type="button"
                  className={`btn btn--ghost btn--small${move === 'REJECTED' ? ' admin-danger' : ''}`}
                  data-testid={TESTID[move]}
                  aria-label={t(`move.${move}.label`, { orderId: ret.orderId })}
                  onClick={() => setMoving({ ret, move })}
                >
                  {t(`move.${move}.button`)}
                </button>
              ))
          }
        />
      </AdminListState>
      {moving && <ReturnMoveDialog ret={moving.ret} move={moving.move} onConfirm={send} onKeep={() => setMoving(null)} />}
    </section>
  );
}

/** /dashboard/returns (docs/product.md#returns): the shoppers' return requests, moved on one step at a time. */
export const ReturnsPage = adminPage(ReturnsManager, 'returns:');
