import { useEffect, useRef, useState } from 'react';
import { movesFor, stagesFor } from '@haat/shared/orders/order-lifecycle';
import { HandOverForm } from '../../lib/pickup/hand-over-form';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { StoreQueueOrder } from '@haat/shared/orders/store-queue';
import type { Store } from '@haat/shared/stores/store.schema';
import { formatNumber } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import { dueTime } from '../../lib/delivery/delivery-promise';
import { invalidate, useOnlineQuery } from '../../lib/query/query-client';
import { adminKeys } from '../../lib/query/admin-keys';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { useServerWrite } from '../../lib/query/server-write';
import { OpenedHeading } from './components/opened-heading';
import { queueMoveWrite, storeQueueQuery } from './stores-api';
import { spacedMobile } from '@haat/shared/users/mobile-words';

const factsOf = (order: StoreQueueOrder) => ({ fulfilment: order.fulfilment, paymentStatus: order.payment_status, statusHistory: order.statusHistory });

/**
 * The moves the order process gives a store's queue on this order now (docs/architecture.md#the-order-process), but
 * the one its row guards with the pickup code: a pickup order is handed over through the code's form.
 */
const queueMoves = (order: StoreQueueOrder): OrderStage[] => {
  const guarded = new Set(movesFor(factsOf(order), 'store').flatMap((move) => (move.guard ? [move.to] : [])));
  return stagesFor(factsOf(order), 'store').filter((stage) => !guarded.has(stage));
};
const handsOver = (order: StoreQueueOrder) => movesFor(factsOf(order), 'store').some((move) => move.guard === 'pickupCode');

/** "12 min left" or "Late by 3 min", against the promise (docs/product.md#delivery). */
export function timeLeftWords(t: (key: string, options: Record<string, unknown>) => string, order: Pick<StoreQueueOrder, 'minutesLeft' | 'late'>) {
  return order.late ? t('queue.late', { count: Math.max(1, -order.minutesLeft) }) : t('queue.left', { count: Math.max(0, order.minutesLeft) });
}

/**
 * A dark store's queue (GET /api/store/queue): its open express orders, oldest first, each with its packing list, due
 * time and what is left of its promise, and the moves Packed → Out for delivery → Delivered (Delivered asks first).
 */
export function StoreQueue({ store }: { store: Store }) {
  const { t } = useTranslation('stores');
  const queue = useOnlineQuery(storeQueueQuery(store._id));
  const moving = useServerWrite(queueMoveWrite(store._id));
  const busy = moving.isPending;
  const [delivering, setDelivering] = useState<string | null>(null);
  // Whether this screen moved or handed over an order since the queue last changed (the focus rule below).
  const acted = useRef(false);
  // A press while a move is under way is ignored (the buttons stay enabled, so the keyboard's focus stays on them). The
  // promise is the confirm dialog's busy state: a refusal keeps it open, the server's reason on screen.
  const move = (orderId: string, status: OrderStage) =>
    busy
      ? undefined
      : new Promise<void>((resolve, reject) => {
          acted.current = true;
          moving.mutate(
            { orderId, status },
            {
              onSuccess: () => {
                setDelivering(null);
                resolve();
              },
              onError: reject,
            },
          );
        });
  const orders = queue.data ?? [];
  // An order that leaves the queue (delivered, handed over) takes the focused control with it: the queue's heading takes
  // the keyboard's focus instead of the page.
  const section = useRef<HTMLElement>(null);
  const shown = orders.map((order) => order._id).join();
  useEffect(() => {
    if (!acted.current || document.activeElement !== document.body) return;
    acted.current = false;
    section.current?.querySelector('h2')?.focus();
  }, [shown]);
  return (
    <section ref={section} className="admin-page__section store-queue" aria-label={t('queue.heading', { name: store.name })} data-testid="store-queue">
      <OpenedHeading>{t('queue.heading', { name: store.name })}</OpenedHeading>
      {queue.isError && <p className="admin-danger">{t('queue.failed')}</p>}
      {queue.isPending ? (
        <p className="admin-loading">{t('loading')}</p>
      ) : orders.length === 0 ? (
        <p>{t('queue.empty')}</p>
      ) : (
        <ol className="store-queue__list">
          {orders.map((order) => (
            <QueuedOrder
              key={order._id}
              order={order}
              busy={busy}
              onMove={(stage) => (stage === 'DELIVERED' ? setDelivering(order._id) : void move(order._id, stage)?.catch(() => undefined))}
              onHandedOver={() => {
                acted.current = true;
                void invalidate(...adminKeys.storeQueue(store._id));
              }}
              storeId={store._id}
            />
          ))}
        </ol>
      )}
      {delivering && (
        <ConfirmDialog
          title={t('queue.deliverTitle', { id: delivering })}
          message={t('queue.deliverMessage')}
          confirmLabel={t('queue.stage.DELIVERED')}
          keepLabel={t('cancel')}
          onConfirm={() => move(delivering, 'DELIVERED')}
          onKeep={() => setDelivering(null)}
        />
      )}
    </section>
  );
}

/** One order of the queue: its packing list, due time, address and the moves it has now. */
function QueuedOrder({
  order,
  busy,
  onMove,
  onHandedOver,
  storeId,
}: {
  order: StoreQueueOrder;
  busy: boolean;
  onMove: (stage: OrderStage) => void;
  onHandedOver: () => void;
  storeId: string;
}) {
  const { t } = useTranslation('stores');
  const row = useRef<HTMLLIElement>(null);
  const moved = useRef(false);
  // The pressed move's button goes once the order moves on: the keyboard's focus goes to the order's next move, or to
  // the order itself, never to the page.
  useEffect(() => {
    if (!moved.current || !row.current || (document.activeElement && document.activeElement !== document.body)) return;
    moved.current = false;
    (row.current.querySelector<HTMLElement>('.stage-mover button') ?? row.current).focus();
  }, [order.status]);
  return (
    <li ref={row} tabIndex={-1} className={`store-queue__order${order.late ? ' is-late' : ''}`} data-testid="queue-order">
      <p className="store-queue__head">
        <strong>{order._id}</strong> · {t(`queue.stage.${order.status}`)} ·{' '}
        <span className={order.late ? 'admin-danger' : ''} data-testid="queue-due">
          {t('queue.due', { time: dueTime(order.dueAt) })} ({timeLeftWords(t, order)})
        </span>
      </p>
      <ul className="store-queue__lines" aria-label={t('queue.packing', { id: order._id })}>
        {order.lines.map((line, i) => (
          <li key={i}>
            {formatNumber(line.quantity)} × {line.variantName ? `${line.name} (${line.variantName})` : line.name}
          </li>
        ))}
      </ul>
      <p className="store-queue__to">
        {order.fulfilment === 'pickup'
          ? `${t('queue.pickupBy', { name: order.address.name })}${order.address.mobile ? ` · ${spacedMobile(order.address.mobile)}` : ''}`
          : `${order.address.name}, ${order.address.address} · ${spacedMobile(order.address.mobile)}`}
      </p>
      {order.handOverLockedUntil && <p className="admin-danger">{t('queue.handOverLocked')}</p>}
      <div className="stage-mover" role="group" aria-label={t('queue.moveLabel', { id: order._id })}>
        {queueMoves(order).map((stage) => (
          <button
            key={stage}
            type="button"
            className="btn btn--ghost btn--small"
            aria-busy={busy || undefined}
            onClick={() => {
              if (busy) return;
              moved.current = true;
              onMove(stage);
            }}
          >
            {t(`queue.stage.${stage}`)}
          </button>
        ))}
      </div>
      {handsOver(order) && <HandOverForm orderId={order._id} storeId={storeId} onDone={onHandedOver} />}
    </li>
  );
}
