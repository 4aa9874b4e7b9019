import { useId, useState } from 'react';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import type { Order } from '@haat/shared/orders/order.types';
import type { CancelItemsBody, PartCancelMoney } from '@haat/shared/orders/part-cancel';
import { useTranslation } from '../../../i18n/i18n';
import { useServerWrite } from '../../../lib/query/server-write';
import { FormRefusal, useFormRefusal } from '../../../lib/ui/form-refusal';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { adminCancelItemsWrite } from '../admin-api';
import './part-cancel-dialog.css';

interface Props {
  order: Order;
  /** How the money of the units goes back, as it stood when the dialog opened (partCancelMoney). */
  money: PartCancelMoney;
  onClose: () => void;
  /** The order as the server answered it, the units taken off. */
  onDone: (order: Order) => void;
}

/**
 * "Cancel items" on Manage Orders (docs/product.md#cancelling-part-of-an-order): how many units of each line the shop
 * cannot send, and what happens to their money, in words (the server works out the figure). Nothing is refused here:
 * the server's refusal is said inside the dialog.
 */
export function PartCancelDialog({ order, money, onClose, onDone }: Props) {
  const { t } = useTranslation('orders');
  const id = useId();
  const [counts, setCounts] = useState<Record<string, number>>({});
  const refusal = useFormRefusal([]);
  const cancelling = useServerWrite(adminCancelItemsWrite());
  const busy = cancelling.isPending;

  const send = () => {
    // A press while the units are being sent is ignored: the button stays enabled (busy), so it keeps the focus.
    if (busy) return;
    const items: CancelItemsBody['items'] = order.product_details
      .map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: counts[cartLineKey(l.productId, l.variantId)] ?? 0 }))
      .filter((i) => i.quantity > 0);
    refusal.clear();
    cancelling.mutate(
      { orderId: order.orderId, items },
      { onSuccess: (answer) => answer.data && onDone(answer.data), onError: (error) => void refusal.refuse(error) },
    );
  };

  const moneyWords =
    money === 'lessAtDoor'
      ? t('partCancel.lessAtDoor')
      : money === 'refundCard'
        ? t('partCancel.refundCard')
        : t('partCancel.byNetwork', { app: order.channel?.buyerApp ?? t('partCancel.theBuyerApp') });

  return (
    <ModalDialog onClose={onClose} label={t('partCancel.title', { id: order.orderId })} heading variant="form" testId="part-cancel-dialog">
      <form
        className="part-cancel"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <fieldset className="part-cancel__lines">
          <legend>{t('partCancel.which')}</legend>
          {order.product_details.map((l, i) => {
            const key = cartLineKey(l.productId, l.variantId);
            const line = `${id}-${i}`;
            return (
              <div key={key} className="part-cancel__line">
                <span id={`${line}-name`} className="part-cancel__name">
                  {l.variantName ? `${l.name} (${l.variantName})` : l.name}
                </span>
                <span id={`${line}-ordered`} className="part-cancel__ordered">
                  {t('partCancel.ordered', { count: l.quantity })}
                </span>
                <label htmlFor={`${line}-input`} id={`${line}-label`} className="part-cancel__label">
                  {t('partCancel.notSent')}
                </label>
                <input
                  id={`${line}-input`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={l.quantity}
                  step={1}
                  data-testid="part-cancel-quantity"
                  aria-labelledby={`${line}-label ${line}-name`}
                  aria-describedby={`${line}-ordered`}
                  value={counts[key] ?? 0}
                  onChange={(event) => {
                    const n = Math.trunc(Number(event.target.value));
                    setCounts((c) => ({ ...c, [key]: Number.isFinite(n) ? Math.min(Math.max(n, 0), l.quantity) : 0 }));
                  }}
                />
              </div>
            );
          })}
        </fieldset>
        <p className="part-cancel__money" data-testid="part-cancel-money">
          {moneyWords} {t('partCancel.rest')}
        </p>
        <FormRefusal message={refusal.refusal?.message} testId="part-cancel-refusal" />
        <div className="part-cancel__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('mover.keep')}
          </button>
          <button type="submit" className="btn btn--primary" aria-busy={busy || undefined} data-testid="part-cancel-send">
            {t('partCancel.send')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
