import { useAtomValue } from 'jotai';
import type { DeliveryPromise } from '@haat/shared/addresses/delivery-promise';
import { useDeviceQuery, type CartLine } from '../storage/device-store';
import { useOnlineQuery } from '../query/query-client';
import { promiseKey, promiseQuery, type PromiseSubject } from './promise-api';
import { formatShopTime } from '../../i18n/format-shop-time';
import { i18n, useTranslation } from '../../i18n/i18n';
import { deliveryDateWords } from './delivery-words';
import { deliveryPlaceAtom } from './delivery-place';

export type { DeliveryPromise, PromiseSubject };

/** A promise as the device keeps it (docs/architecture.md "The PWA's data layer"): the answer and when it was seen. */
export interface SeenPromise {
  promise: DeliveryPromise;
  seenAt?: string;
  key?: string;
}

/**
 * The one promise on screen (docs/product.md#delivery): the promise for a product, or the cart, at a pincode, asked of
 * the one route through the online-read client (promise-api.ts); offline, the answer last kept on this device; else null.
 */
export function usePromise(subject: PromiseSubject | null): SeenPromise | null {
  const product = subject && 'productId' in subject ? subject : null;
  const key = subject && promiseKey(subject.pincode, product?.productId, product?.variantId);
  const asked = useOnlineQuery({ ...promiseQuery(subject ?? { pincode: '', cart: '' }), enabled: !!subject });
  const kept = useDeviceQuery(async (db) => ({ ...((key && (await db.meta.get(key))?.value) as SeenPromise), key: key ?? '' }), [key]);
  if (subject && asked.data) return { promise: asked.data, seenAt: new Date(asked.dataUpdatedAt).toISOString(), key: key! };
  return subject && kept?.key === key && kept.promise ? kept : null;
}

/** The promise in a line (data-kind says which): "Delivery in 10 minutes · from our Koramangala store", or the courier's date. */
export function PromiseNote({ seen, testId, to, label }: { seen: SeenPromise | null; testId: string; to?: string; label?: string }) {
  const { t } = useTranslation('promise');
  if (!seen) return null;
  const words = label ? t(label, { promise: promiseWords(seen.promise) }) : promiseWords(seen.promise);
  return (
    // Styled here, not in the precached shell's CSS: a store's minutes stand out in the brand's green.
    <p
      className={`promise promise--${seen.promise.kind}`}
      style={{ margin: '4px 0 0', fontWeight: 600, color: seen.promise.kind === 'express' ? '#0b6e35' : undefined }}
      data-testid={testId}
      data-kind={seen.promise.kind}
      role="status"
    >
      {to ? t('to', { promise: words, pincode: to }) : words}
      {seen.promise.kind === 'express' && <span style={{ fontWeight: 400 }}> · {t('from', { store: seen.promise.store.name })}</span>}
    </p>
  );
}

/** "Delivery in 10 minutes" (from the store) or "Delivery by Sat, 28 Nov" (the courier), in the shopper's language. */
export function promiseWords(promise: DeliveryPromise): string {
  return promise.kind === 'express'
    ? i18n.t('promise:in', { count: promise.minutes, store: promise.store.name })
    : i18n.t('common:delivery.by', { date: deliveryDateWords(promise.date) });
}

/** An express order's due time on the shop's clock (India's), wherever the screen is: "6:40 pm" / "शाम 6:40". */
export const dueTime = (iso: string) => formatShopTime(iso);

/** What the cart's promise is asked again on: each line and quantity, and how many wait to sync; none for an empty cart. */
export const cartPromiseKey = (lines: readonly CartLine[], waiting: number): string | undefined =>
  lines.length > 0 ? `${lines.map((l) => `${l.key}*${l.quantity}`).join()}|${waiting}` : undefined;

type Asked = {
  productId?: string;
  variantId?: string;
  cart?: { lines: readonly CartLine[]; waiting: number };
  seen?: SeenPromise;
  /** The product page's: the promise said to the checked place ("Delivery in 10 minutes to 560034", or `courier`'s words for its date). */
  place?: { pincode: string; courier: (date: string) => string };
  testId: string;
  label?: string;
};

/** The subject a part asks about, at the shopper's chosen pincode: a product, or the cart (not when empty). */
function subjectOf(pincode: string | undefined, { productId, variantId, cart }: Pick<Asked, 'productId' | 'variantId' | 'cart'>): PromiseSubject | null {
  if (!pincode) return null;
  if (productId) return { pincode, productId, variantId };
  const lines = cart && cartPromiseKey(cart.lines, cart.waiting);
  return lines ? { pincode, cart: lines } : null;
}

/** The promise for a product or the cart (usePromise), or one `seen` already, drawn: the lazy part (promise-part.ts). */
export function AskedPromise({ productId, variantId, cart, seen, place, ...note }: Asked) {
  const pincode = useAtomValue(deliveryPlaceAtom)?.pincode;
  const asked = usePromise(seen ? null : subjectOf(place?.pincode ?? pincode, { productId, variantId, cart }));
  const shown = seen ?? asked;
  if (place && shown?.promise.kind === 'courier')
    return (
      <p className="promise promise--courier" style={{ margin: '4px 0 0', fontWeight: 600 }} data-testid={note.testId} data-kind="courier" role="status">
        {place.courier(deliveryDateWords(shown.promise.date))}
      </p>
    );
  return <PromiseNote seen={shown} to={place?.pincode} {...note} />;
}

/**
 * A sentence of the caller's about the promise for a product (or the cart) at the chosen pincode, from the one promise
 * hook; `fallback` until it has answered (offline with none kept, or refused). The product page's delivery bullet.
 */
export function PromiseSentence({
  productId,
  variantId,
  say,
  fallback,
}: Pick<Asked, 'productId' | 'variantId'> & { say: (promise: DeliveryPromise) => string; fallback: string }) {
  const pincode = useAtomValue(deliveryPlaceAtom)?.pincode;
  const seen = usePromise(subjectOf(pincode, { productId, variantId }));
  return <>{seen ? say(seen.promise) : fallback}</>;
}
