import { useId, useRef, useState, type FormEvent } from 'react';
import type { Order } from '@haat/shared/orders/order.types';
import { useTranslation } from '../../i18n/i18n';
import { problemOf } from '../http/http-problem';
import { useServerWrite } from '../query/server-write';
import { toast } from '../ui/toast';
import { handOverWrite } from './hand-over-api';
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
  const handing = useServerWrite(handOverWrite());
  const busy = handing.isPending;
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A second press while the first is under way is ignored: the button stays enabled, so the focus stays on it.
    if (busy) return;
    setError(null);
    handing.mutate(
      { orderId, code, ...(storeId ? { storeId } : {}) },
      {
        onSuccess: (answer) => {
          toast.success(answer.message || t('handOver.done'));
          onDone(answer.data!);
        },
        onError: (failure) => {
          setError(problemOf(failure).message);
          setCode('');
          input.current?.focus();
        },
      },
    );
  };
  return (
    <form className="hand-over" onSubmit={submit} data-testid="hand-over">
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
      <button type="submit" className="btn btn--primary btn--small" disabled={!busy && code.length !== 4} aria-busy={busy || undefined}>
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
