import { useId, useRef, useState, type FormEvent } from 'react';
import type { Envelope } from '@haat/shared/common/envelope';
import type { Order } from '@haat/shared/orders/order.types';
import { HAND_OVER_PATH } from '@haat/shared/orders/pickup';
import { useTranslation } from '../../i18n/i18n';
import { http } from '../http/http';
import { problemOf } from '../http/http-problem';
import { toast } from '../ui/toast';
import './hand-over.css';

/**
 * The counter's hand-over of a ready pickup order (docs/product.md#store-pickup): the 4-digit code its shopper shows,
 * checked by the server (POST /api/store/queue/hand-over). A wrong code is said beside the field, which keeps the
 * focus for the next try; the admin's order screens and a store's queue both hand over through here.
 */
export function HandOverForm({ orderId, storeId, onDone }: { orderId: string; storeId?: string; onDone: (order: Order) => void }) {
  const { t } = useTranslation('orders');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await http
        .post(HAND_OVER_PATH, { json: { orderId, code, ...(storeId ? { storeId } : {}) }, retry: 0, context: { silent: true } })
        .json<Envelope<Order>>();
      toast.success(answer.message || t('handOver.done'));
      onDone(answer.data!);
    } catch (failure) {
      setError(problemOf(failure).message);
      setCode('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="hand-over" onSubmit={(event) => void submit(event)} data-testid="hand-over">
      <label htmlFor={`${id}-code`}>{t('handOver.label', { id: orderId })}</label>
      <input
        id={`${id}-code`}
        ref={input}
        className="hand-over__code"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]{4}"
        maxLength={4}
        required
        value={code}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 4))}
      />
      <button type="submit" className="btn btn--primary btn--small" disabled={busy || code.length !== 4}>
        {busy ? t('handOver.busy') : t('handOver.button')}
      </button>
      {error && (
        <p id={`${id}-error`} className="hand-over__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
