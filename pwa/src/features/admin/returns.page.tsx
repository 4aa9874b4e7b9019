import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderReturn, ReturnStatus, ReturnStatusBody } from '@haat/shared/orders/returns';
import { formatDate, formatMoney } from '../../i18n/format';
import { problemOf } from '../../lib/http/http-problem';
import { PageMeta } from '../../lib/ui/page-meta';
import { toast } from '../../lib/ui/toast';
import { AdminFrame } from './components/admin-frame';
import { ReturnMoveDialog, type ReturnMove } from './components/return-move-dialog';
import { usePagedList } from './hooks/use-admin-list';
import { returnsApi } from './returns-api';
import './returns.css';

/** /dashboard/returns (docs/product.md#returns): the shoppers' return requests, moved on one step at a time. */
export function ReturnsPage() {
  const { t } = useTranslation('returns');
  return (
    <>
      <PageMeta title={t('metaTitle')} description={t('metaDescription')} />
      <AdminFrame>
        <ReturnsManager />
      </AdminFrame>
    </>
  );
}

/** The moves a return in each status may make next (RETURN_TRANSITIONS in shared/src/orders/returns.ts). */
const NEXT: Record<ReturnStatus, ReturnMove[]> = {
  REQUESTED: ['APPROVED', 'REJECTED'],
  APPROVED: ['RECEIVED'],
  RECEIVED: ['REFUNDED'],
  REJECTED: [],
  REFUNDED: [],
};
const TESTID: Record<ReturnMove, string> = { APPROVED: 'return-approve', REJECTED: 'return-reject', RECEIVED: 'return-receive', REFUNDED: 'return-refund' };

/**
 * The table of returns, open ones unless "all" is ticked. Every move asks first (ReturnMoveDialog); afterwards, and
 * after a refusal (another admin moved it: 409 RETURN_STATE), the list is read again and the refusal is said above it.
 */
export function ReturnsManager() {
  const { t } = useTranslation('returns');
  const [all, setAll] = useState(false);
  const list = usePagedList('returns', async () => ({ items: await returnsApi.list(all), totalPages: 1 }), { query: all ? 'all' : 'open' });
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
      {list.items.length === 0 ? (
        list.loaded ? (
          <p className="state-box admin-empty">{t(all ? 'emptyAll' : 'empty')}</p>
        ) : (
          <p className="admin-loading" role="status">
            {t('loading')}
          </p>
        )
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stacked" aria-busy={list.loading}>
            <thead>
              <tr>
                {(['order', 'shopper', 'items', 'reason', 'amount', 'payment', 'status', 'requested', 'actions'] as const).map((c) => (
                  <th key={c} scope="col">
                    {t(`column.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.items.map((ret) => (
                <tr key={ret._id} data-testid="admin-return-row" data-return-id={ret._id} data-order-id={ret.orderId} data-status={ret.status}>
                  <td data-label={t('column.order')}>
                    <strong>#{ret.orderId}</strong>
                  </td>
                  <td data-label={t('column.shopper')}>
                    {ret.customer ? (
                      <>
                        {ret.customer.name}
                        <br />
                        {ret.customer.email}
                        {ret.customer.mobile && (
                          <>
                            <br />
                            {ret.customer.mobile}
                          </>
                        )}
                      </>
                    ) : (
                      t('unknownShopper')
                    )}
                  </td>
                  <td data-label={t('column.items')}>{ret.items.map((i) => `${i.name} × ${i.quantity}`).join(', ')}</td>
                  <td data-label={t('column.reason')}>{ret.kind === 'RETURN_TO_ORIGIN' ? t('returnToOrigin') : ret.reason}</td>
                  <td data-label={t('column.amount')}>{formatMoney(ret.amount)}</td>
                  <td data-label={t('column.payment')}>{t(`payment.${ret.paymentMethod}`)}</td>
                  <td data-label={t('column.status')} data-testid="admin-return-status">
                    {t(`status.${ret.status}`)}
                    {ret.refund && (
                      <>
                        <br />
                        {t(`refundMethod.${ret.refund.method}`)}
                        {ret.refund.reference && ` · ${ret.refund.reference}`}
                      </>
                    )}
                  </td>
                  <td data-label={t('column.requested')}>{formatDate(ret.createdAt)}</td>
                  <td>
                    <span className="admin-row-actions">
                      {/* A cash order's return to origin refunds nothing: receiving the parcel ends it. */}
                      {NEXT[ret.status]
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
                        ))}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {moving && <ReturnMoveDialog ret={moving.ret} move={moving.move} onConfirm={send} onKeep={() => setMoving(null)} />}
    </section>
  );
}
