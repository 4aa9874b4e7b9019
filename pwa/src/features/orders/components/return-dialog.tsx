import { useId, useState } from 'react';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import type { OrderReturn } from '@haat/shared/orders/returns';
import type { SavedOrder } from '../../../lib/storage/account-tables';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { problemOf } from '../../../lib/http/http-problem';
import { i18n, useTranslation } from '../../../i18n/i18n';
import { useServerWrite } from '../../../lib/query/server-write';
import { requestReturnWrite } from '../api';

interface Props {
  order: SavedOrder;
  /** Units of each line (by cartLineKey) that may still be asked back. */
  returnable: Map<string, number>;
  onClose: () => void;
  onReturned: (ret: OrderReturn) => void;
}

/** The shopper's words for a refusal (the server's message for a code we do not know). */
function refusalOf(error: unknown): string {
  const problem = problemOf(error);
  if (problem.status === 0) return i18n.t('orders:returns.offline');
  return i18n.t(`orders:returns.refused.${problem.code ?? 'other'}`, { defaultValue: problem.message });
}

/** "Return items" (docs/product.md#returns): how many of each line, and why; a refusal is said in the dialog. */
export function ReturnDialog({ order, returnable, onClose, onReturned }: Props) {
  const { t } = useTranslation('orders');
  const id = useId();
  const lines = order.product_details.filter((l) => (returnable.get(cartLineKey(l.productId, l.variantId)) ?? 0) > 0);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const returning = useServerWrite(requestReturnWrite());
  const busy = returning.isPending;

  const send = () => {
    const items = lines
      .map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: counts[cartLineKey(l.productId, l.variantId)] ?? 0 }))
      .filter((i) => i.quantity > 0);
    if (items.length === 0) return setProblem(t('returns.noUnits'));
    if (!reason.trim()) return setProblem(t('returns.noReason'));
    setProblem(null);
    returning.mutate(
      { orderId: order.orderId, items, reason: reason.trim() },
      { onSuccess: (answer) => onReturned(answer.data!), onError: (error) => setProblem(refusalOf(error)) },
    );
  };

  return (
    <ModalDialog onClose={onClose} label={t('returns.title', { id: order.orderId })} heading variant="form">
      <form
        className="return-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <fieldset className="return-dialog__lines">
          <legend>{t('returns.which')}</legend>
          {lines.map((l) => {
            const key = cartLineKey(l.productId, l.variantId);
            const max = returnable.get(key) ?? 0;
            const name = l.variantName ? `${l.name} (${l.variantName})` : l.name;
            return (
              <label key={key} className="return-dialog__line">
                <span>{t('returns.quantityLabel', { name, max })}</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={max}
                  step={1}
                  data-testid="return-quantity"
                  value={counts[key] ?? 0}
                  onChange={(event) => {
                    const n = Math.trunc(Number(event.target.value));
                    setCounts((c) => ({ ...c, [key]: Number.isFinite(n) ? Math.min(Math.max(n, 0), max) : 0 }));
                  }}
                />
              </label>
            );
          })}
        </fieldset>
        <label className="return-dialog__reason" htmlFor={`${id}-reason`}>
          {t('returns.reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          data-testid="return-reason"
          maxLength={500}
          rows={3}
          value={reason}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem && (
          <p id={`${id}-problem`} className="return-dialog__problem" role="alert" data-testid="return-problem">
            {problem}
          </p>
        )}
        <div className="return-dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('returns.keep')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy} data-testid="return-send">
            {busy ? t('loading') : t('returns.send')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
