import { DELIVERY_ZONES, type DeliveryPlace } from '@haat/shared/addresses/delivery-zones';
import { i18n } from '../../i18n/i18n';
import { placeDateWords } from './delivery-words';

// The sentences about a place that only the address form, checkout and the FAQ say (docs/product.md#delivery): kept
// apart from delivery-words.ts, which the first visit's header carries.

/** The address form's and checkout's sentence for a place: "Delivery by Thu, 26 Nov" or the refusal. */
export function placePromise(
  place: DeliveryPlace & { city: string; state: string; pincode: string },
  now: Date = new Date(),
): { served: boolean; text: string } {
  const date = placeDateWords(place, now);
  return date === null
    ? { served: false, text: i18n.t('common:delivery.notServed', { where: `${place.city}, ${place.state}`, pincode: place.pincode }) }
    : { served: true, text: i18n.t('common:delivery.by', { date }) };
}

/** The zones in words for the FAQ: "Bengaluru (pincodes 560…): 1 day; Karnataka: 2 days; …". */
export function zonesInWords(): string {
  return DELIVERY_ZONES.filter((z) => z.days !== null)
    .map((z) => {
      const prefixes = (z.pincodePrefixes ?? []).map((p) => `${p}…`).join(', ');
      const where = [prefixes ? i18n.t('common:delivery.zonePincodes', { name: z.name, prefixes }) : '', (z.states ?? []).join(', ')]
        .filter(Boolean)
        .join(', ');
      return `${where}: ${i18n.t('common:delivery.days', { count: z.days! })}`;
    })
    .join('; ');
}
