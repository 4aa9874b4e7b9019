import { deliveryDateAfter, deliveryDaysRange, deliveryDaysTo, type DeliveryPlace } from '@haat/shared/addresses/delivery-zones';
import { formatDate } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';

// Every sentence the PWA says about delivery, from the one rule in shared/ (docs/product.md#delivery).

/** "Sat, 28 Nov" for an expected delivery date (YYYY-MM-DD). */
export function deliveryDateWords(day: string): string {
  return formatDate(new Date(`${day}T00:00:00Z`), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** The promise before a pincode is known: the fastest and slowest zone ("1–5 days"). */
export const deliveryRange = () => deliveryDaysRange();

/** A place's own date by the delivery zones ("Sat, 28 Nov"), or null where the shop does not deliver. */
export function placeDateWords(place: DeliveryPlace, now: Date = new Date()): string | null {
  const days = deliveryDaysTo(place);
  return days === null ? null : deliveryDateWords(deliveryDateAfter(days, now));
}

/** The header's line for a known place, before any promise is asked for it: its own date, or that we do not deliver there yet. */
export function headerPromise(place: DeliveryPlace & { pincode: string }, now: Date = new Date()): string {
  const date = placeDateWords(place, now);
  return date === null
    ? i18n.t('common:delivery.headerNotServed', { pincode: place.pincode })
    : i18n.t('common:delivery.headerBy', { pincode: place.pincode, date });
}
