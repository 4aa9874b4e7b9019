import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import type { AdminOrderReturn, ReturnStatusBody } from '@haat/shared/orders/returns';
import { formatMoney } from '../../../i18n/format';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import '../../../lib/ui/confirm-dialog.css';
import '../returns.css';

export type ReturnMove = ReturnStatusBody['status'];

interface Props {
  ret: AdminOrderReturn;
  move: ReturnMove;
  /** Sends the move; the dialog waits (its button disabled) and the page closes it and says how it went. */
  onConfirm: (body: ReturnStatusBody) => Promise<unknown>;
  onKeep: () => void;
}

/**
 * Asks before each move of a return (docs/product.md#returns), naming the return and what will happen. A cash
 * order's refund also asks how the money went back (UPI or bank transfer) and its reference, both required;
 * a card order's refund goes back to the card through Stripe and asks nothing more.
 */
export function ReturnMoveDialog({ ret, move, onConfirm, onKeep }: Props) {
  const { t } = useTranslation('returns');
  const id = useId();
  const [method, setMethod] = useState<'UPI' | 'BANK'>('UPI');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cashRefund = move === 'REFUNDED' && ret.paymentMethod === 'COD';
  const what = { orderId: ret.orderId, amount: formatMoney(ret.amount), items: ret.items.map((i) => `${i.name} × ${i.quantity}`).join(', ') };
  const message = move === 'REFUNDED' ? t(cashRefund ? 'move.REFUNDED.cash' : 'move.REFUNDED.card', what) : t(`move.${move}.message`, what);

  const confirm = async () => {
    const ref = reference.trim();
    if (cashRefund && !ref) return setProblem(t('refund.referenceRequired'));
    setBusy(true);
    try {
      await onConfirm({ returnId: ret._id, status: move, ...(cashRefund ? { refund: { method, reference: ref } } : {}) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog onClose={onKeep} label={t(`move.${move}.title`, what)} variant="center">
      <form
        className="confirm-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <h2 className="confirm-dialog__title">{t(`move.${move}.title`, what)}</h2>
        <p>{message}</p>
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
        <div className="confirm-dialog__actions">
          {/* first in the dialog, so showModal() focuses it and a stray Enter does no harm */}
          <button type="button" className="btn btn--ghost" onClick={onKeep}>
            {t('keep')}
          </button>
          <button type="submit" className="btn confirm-dialog__confirm" disabled={busy} data-testid="return-move-confirm">
            {t(`move.${move}.confirm`, what)}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
