import { useEffect, useRef, useState } from 'react';
import type { Order } from '@haat/shared/orders/order.types';
import { partCancelMoney, type PartCancelMoney } from '@haat/shared/orders/part-cancel';
import { useTranslation } from '../../../i18n/i18n';
// With the page (Manage Orders, not in the first visit's precache): an admin who opened it can use it offline too.
import { PartCancelDialog } from './part-cancel-dialog';

/**
 * Whether an admin can take units off the order now (docs/product.md#cancelling-part-of-an-order): before it leaves the
 * shop, with its money able to go back (partCancelMoney), and holding more than one unit (taking off the last is
 * cancelling the order, a stage move).
 */
export function canCancelPart(order: Order): boolean {
  return partCancelMoney(order) !== null && order.product_details.reduce((units, l) => units + l.quantity, 0) > 1;
}

/**
 * "Cancel items" beside an order's stage moves on Manage Orders, and its dialog. Once the dialog closes the focus goes
 * back to the button, or, when the units taken off leave the order no more to take (or it changed meanwhile), to the
 * row's `fallbackFocus`, never to the page (docs/product.md#keyboard-and-screen-readers).
 */
export function PartCancel({ order, fallbackFocus }: { order: Order; fallbackFocus: () => HTMLElement | null | undefined }) {
  const { t } = useTranslation('orders');
  // While the dialog is open: how the money goes back, as it stood when it opened (the dialog stays if the order changes).
  const [asking, setAsking] = useState<PartCancelMoney | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Where the focus lands after the render that closes the dialog.
  const landing = useRef<'button' | 'row' | null>(null);
  useEffect(() => {
    const to = landing.current;
    if (!to || asking) return;
    landing.current = null;
    ((to === 'button' ? button.current : null) ?? fallbackFocus())?.focus();
  });
  const can = canCancelPart(order);
  if (!can && !asking) return null;
  return (
    <>
      {can && (
        <button
          ref={button}
          type="button"
          className="btn btn--ghost btn--small"
          aria-haspopup="dialog"
          data-testid="part-cancel"
          onClick={() => setAsking(partCancelMoney(order))}
        >
          {t('partCancel.button')}
        </button>
      )}
      {asking && (
        <PartCancelDialog
          order={order}
          money={asking}
          onClose={() => {
            landing.current = 'button';
            setAsking(null);
          }}
          onDone={(changed) => {
            // The lists take the answer in a moment: whether the button stays is the answer's to say, not the row's now.
            landing.current = canCancelPart(changed) ? 'button' : 'row';
            setAsking(null);
          }}
        />
      )}
    </>
  );
}
