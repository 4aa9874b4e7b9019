import { getDefaultStore, useAtomValue } from 'jotai';
import type { DeliveryPromise } from '@haat/shared/addresses/delivery-promise';
import type { Envelope } from '@haat/shared/common/envelope';
import { http } from '../http/http';
import { askedNow, storeWhenWanted, useDeviceQuery, type CartLine } from '../storage/device-store';
import { useServerRefresh } from '../storage/use-server-refresh';
import { formatShopTime } from '../../i18n/format';
import { i18n, useTranslation } from '../../i18n/i18n';
import { deliveryDateWords } from './delivery-words';
import { deliveryPlaceAtom } from './delivery-place';

export type { DeliveryPromise };

/** A promise as the device keeps it (docs/architecture.md "The PWA's data layer"): the answer and when it was seen. */
export interface SeenPromise {
  promise: DeliveryPromise;
  seenAt?: string;
  key?: string;
}

/** Where the device keeps the promise for a pincode and a product (or the cart): the stock last seen, per pincode. */
export const promiseKey = (pincode: string, productId?: string, variantId?: string | null) =>
  `promise:${pincode}:${productId ?? 'cart'}${variantId ? `:${variantId}` : ''}`;

/**
 * Asks GET /api/delivery/promise for a pincode and a product (without one: the signed-in shopper's cart) and keeps the
 * answer through the one rule; an express answer tells the header the store's minutes for that pincode.
 */
export async function refreshPromise(pincode: string, productId?: string, variantId?: string | null, signal?: AbortSignal): Promise<DeliveryPromise> {
  const asked = askedNow();
  const searchParams = { pincode, ...(productId && { productId }), ...(variantId && { variantId }) };
  const answer = await http.get('delivery/promise', { searchParams, signal, context: { silent: true } }).json<Envelope<{ promise: DeliveryPromise }>>();
  const promise = answer.data!.promise;
  // Kept once storage is wanted (a first visit's product page loads no Dexie for it: lib/storage/device-store.ts).
  const kept = { key: promiseKey(pincode, productId, variantId), value: { promise, seenAt: new Date().toISOString() } };
  void storeWhenWanted(asked, ({ rowsFor, cachedAnswers }) => [rowsFor(cachedAnswers, [kept])]).catch(() => undefined);
  // The header's promise (docs/product.md#delivery): an express answer gives the pincode its store's minutes, a courier one for the cart takes them away.
  const place = getDefaultStore().get(deliveryPlaceAtom);
  const minutes = promise.kind === 'express' ? promise.minutes : productId ? place?.minutes : undefined;
  if (place?.pincode === pincode && place.minutes !== minutes) getDefaultStore().set(deliveryPlaceAtom, { ...place, minutes });
  return promise;
}

/**
 * The promise for the shopper's chosen pincode (the header's place) and a product, or the cart (no `productId`; `cartKey`
 * changes with the cart's lines so a changed cart is asked again, none: not asked): as last kept on this device (offline
 * too), else the server's answer while the device's store catches up, else null.
 */
export function usePromise(productId?: string, variantId?: string | null, cartKey?: string): SeenPromise | null {
  const pincode = useAtomValue(deliveryPlaceAtom)?.pincode;
  const key = pincode && (productId || cartKey) ? promiseKey(pincode, productId, variantId) : null;
  const fresh = useServerRefresh(key && `${key}|${cartKey}`, (signal) => refreshPromise(pincode!, productId, variantId, signal).catch(() => undefined));
  const kept = useDeviceQuery(async (db) => ({ ...((key && (await db.meta.get(key))?.value) as SeenPromise), key: key ?? '' }), [key]);
  return kept?.key === key && kept?.promise ? kept : fresh.answer ? { promise: fresh.answer, seenAt: new Date().toISOString() } : null;
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

const HIDE_PLACE_DATE = '.pincode__message{display:none}';

type Asked = {
  productId?: string;
  variantId?: string;
  cart?: { lines: readonly CartLine[]; waiting: number };
  seen?: SeenPromise;
  /** The product page's: only a store's minutes, to the chosen pincode, in place of the place's courier date. */
  place?: boolean;
  testId: string;
  label?: string;
};

/** The promise for a product or the cart (usePromise), or one `seen` already, drawn: the lazy part (promise-part.ts). */
export function AskedPromise({ productId, variantId, cart, seen, place, ...note }: Asked) {
  const pincode = useAtomValue(deliveryPlaceAtom)?.pincode;
  const asked = usePromise(productId, variantId, cart && cartPromiseKey(cart.lines, cart.waiting));
  const shown = seen ?? asked;
  if (place && shown?.promise.kind !== 'express') return null;
  return (
    <>
      {place && <style>{HIDE_PLACE_DATE}</style>}
      <PromiseNote seen={shown} to={place ? pincode : undefined} {...note} />
    </>
  );
}
