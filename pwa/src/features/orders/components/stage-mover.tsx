import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { factsOfOrder, movesFor, stagesFor } from '@haat/shared/orders/order-lifecycle';
import { HandOverForm } from '../../../lib/pickup/hand-over-form';
import { stageIndex, type OrderStage } from '@haat/shared/orders/order-stages';
import { type Order } from '@haat/shared/orders/order.types';
import { SELLER_CANCEL_REASONS, type SellerCancelReason } from '@haat/shared/orders/seller-cancel';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';

/** Moves that cannot be undone: the admin is asked first, naming what will happen (docs/product.md#states). */
const FINAL: ReadonlySet<OrderStage> = new Set(['CANCELLED', 'DELIVERED']);

/**
 * docs/product.md#states: the moves the order process gives an admin on this order now; Cancelled and Delivered ask
 * first. A move its row guards with the pickup code (a pickup order handed over) is the code's form instead of a button.
 * Cancelling a network order asks which of ONDC's seller reasons its buyer app is told (docs/product.md#selling-on-ondc).
 */
export function StageMover({
  order,
  updating,
  onMove,
  onHandedOver = () => undefined,
}: {
  order: Order;
  updating: boolean;
  onMove: (status: OrderStage, reason?: SellerCancelReason) => void;
  onHandedOver?: () => void;
}) {
  const { t } = useTranslation('orders');
  const [asking, setAsking] = useState<OrderStage | null>(null);
  const [reason, setReason] = useState<SellerCancelReason>('002');
  // A move takes its own button away (the order's next moves replace it): once the move has landed, focus goes to the
  // first of the next moves, or to the group, never to the page (docs/product.md#keyboard-and-screen-readers).
  const group = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  // A move that leaves the order none (Delivered, Cancelled) keeps the group, saying so, for the focus to land on.
  const [madeHere, setMadeHere] = useState(false);
  const move = (stage: OrderStage, why?: SellerCancelReason) => {
    moved.current = true;
    setMadeHere(true);
    if (why) onMove(stage, why);
    else onMove(stage);
  };
  useEffect(() => {
    const el = group.current;
    if (!moved.current || updating || !el) return;
    moved.current = false;
    if (!el.contains(document.activeElement)) (el.querySelector<HTMLElement>('button, input') ?? el).focus();
  }, [order.status, updating]);
  const network = order.channel?.kind === 'ondc';
  const facts = factsOfOrder(order);
  const guarded = new Set(movesFor(facts, 'admin').flatMap((move) => (move.guard === 'pickupCode' ? [move.to] : [])));
  const stages = stagesFor(facts, 'admin').filter((stage) => !guarded.has(stage));
  if (stages.length === 0 && guarded.size === 0)
    return madeHere && order.status ? (
      <div ref={group} tabIndex={-1} className="stage-mover" role="group" aria-label={t('mover.groupLabel', { id: order.orderId })}>
        <span className="stage-mover__label">{t('mover.noMoves', { stage: t(`stage.${order.status}`) })}</span>
      </div>
    ) : null;
  const paidByCard = order.payment_method === 'CARD' && (order.payment_status === 'PAID' || order.payment_status === 'COMPLETED');
  // Cancelled once shipped, the parcel comes back first: its units and any card refund wait for it (docs/product.md#returns).
  const inTransit = order.status !== null && order.status !== 'CANCELLED' && stageIndex(order.status) >= stageIndex('SHIPPED');
  const cancelMessage = `mover.cancel${inTransit ? 'Shipped' : ''}${paidByCard ? 'Paid' : ''}Message`;
  return (
    <div ref={group} tabIndex={-1} className="stage-mover" role="group" aria-label={t('mover.groupLabel', { id: order.orderId })}>
      <span className="stage-mover__label" aria-hidden="true">
        {updating ? t('mover.updating') : t('mover.label')}
      </span>
      {stages.map((stage) => (
        <button
          key={stage}
          type="button"
          className="btn btn--ghost btn--small"
          aria-busy={updating || undefined}
          onClick={() => (FINAL.has(stage) ? setAsking(stage) : move(stage))}
        >
          {t(`stage.${stage}`)}
        </button>
      ))}
      {guarded.size > 0 && <HandOverForm orderId={order.orderId} onDone={onHandedOver} />}
      {asking && (
        <ConfirmDialog
          title={t(asking === 'CANCELLED' ? 'mover.cancelTitle' : 'mover.deliverTitle', { id: order.orderId })}
          message={t(asking === 'CANCELLED' ? cancelMessage : 'mover.deliverMessage')}
          confirmLabel={t(asking === 'CANCELLED' ? 'mover.cancelConfirm' : 'mover.deliverConfirm')}
          keepLabel={t('mover.keep')}
          onConfirm={() => {
            const stage = asking;
            setAsking(null);
            move(stage, stage === 'CANCELLED' && network ? reason : undefined);
          }}
          onKeep={() => setAsking(null)}
        >
          {asking === 'CANCELLED' && network && (
            <label className="stage-mover__reason">
              {t('mover.reasonLabel', { app: order.channel?.buyerApp })}
              <select data-testid="cancel-reason" value={reason} onChange={(e) => setReason(e.target.value as SellerCancelReason)}>
                {SELLER_CANCEL_REASONS.map((code) => (
                  <option key={code} value={code}>
                    {t(`mover.reason.${code}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
