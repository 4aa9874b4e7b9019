import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import type { AdminOrderReturn, ReturnStatusBody } from '@haat/shared/orders/returns';
import { formatMoney } from '../../../i18n/format';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import '../returns.css';

export type ReturnMove = ReturnStatusBody['status'];

interface Props {
  ret: AdminOrderReturn;
  move: ReturnMove;
  /** Sends the move; the dialog waits (its button disabled) and the page closes it and says how it went. */
  onConfirm: (body: ReturnStatusBody) => Promise<unknown>;
  onKeep: () => void;
}

/** Asks before each move of a return (docs/product.md#returns); a cash refund also asks how the money went back. */
export function ReturnMoveDialog({ ret, move, onConfirm, onKeep }: Props) {
  const { t } = useTranslation('returns');
  const id = useId();
  const [method, setMethod] = useState<'UPI' | 'BANK'>('UPI');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const cashRefund = move === 'REFUNDED' && ret.paymentMethod === 'COD';
  const what = { orderId: ret.orderId, amount: formatMoney(ret.amount), items: ret.items.map((i) => `${i.name} × ${i.quantity}`).join(', ') };
  const message = move === 'REFUNDED' ? t(cashRefund ? 'move.REFUNDED.cash' : 'move.REFUNDED.card', what) : t(`move.${move}.message`, what);

  const confirm = () => {
    const ref = reference.trim();
    if (cashRefund && !ref) return setProblem(t('refund.referenceRequired'));
    return onConfirm({ returnId: ret._id, status: move, ...(cashRefund ? { refund: { method, reference: ref } } : {}) });
  };

  return (
    <ConfirmDialog
      title={t(`move.${move}.title`, what)}
      message={message}
      confirmLabel={t(`move.${move}.confirm`, what)}
      keepLabel={t('keep')}
      confirmTestId="return-move-confirm"
      onConfirm={confirm}
      onKeep={onKeep}
    >
      {cashRefund && (
        <div className="return-refund-fields">
          <label htmlFor={`${id}-method`}>{t('refund.method')}</label>
          <select id={`${id}-method`} data-testid="refund-method" value={method} onChange={(e) => setMethod(e.target.value === 'BANK' ? 'BANK' : 'UPI')}>
            <option value="UPI">{t('refund.UPI')}</option>
            <option value="BANK">{t('refund.BANK')}</option>
          </select>
          <label htmlFor={`${id}-reference`}>{t('refund.reference')}</label>
          <input
            id={`${id}-reference`}
            data-testid="refund-reference"
            maxLength={100}
            required
            value={reference}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => {
              setReference(e.target.value);
              // The problem goes once a reference is typed: it stays only while it is still true.
              if (e.target.value.trim()) setProblem(null);
            }}
          />
          {problem && (
            <p id={`${id}-problem`} className="return-refund-fields__problem" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
    </ConfirmDialog>
  );
}
