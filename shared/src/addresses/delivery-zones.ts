import { SHOP_TIME_ZONE } from '../common/shop-time-zone.js';
/**
 * Where the shop delivers and how fast: one piece of configuration, read by the API (addresses and orders to a place
 * outside every zone are refused, the pincode lookup's answer, an order's expected date) and by the PWA (the header's
 * promise, the product page's check, the FAQ, the address form, checkout and the order card). The demo's zones are
 * documented in docs/product.md#delivery; docs/decisions/0218-one-delivery-rule.md says why it lives here.
 */

/** A zone: the pincodes or states it covers, and its promise in days (null: covered, but not served yet). */
export interface DeliveryZone {
  /** For people reading the configuration. */
  name: string;
  /** Days from an order placed today (the shop's calendar) to its delivery; null where the shop does not deliver. */
  days: number | null;
  /** Pincode prefixes (one to six digits). A pincode's longest matching prefix wins over any state. */
  pincodePrefixes?: readonly string[];
  /** States and union territories as India Post's directory names them. */
  states?: readonly string[];
}

/** The shop's calendar: "delivered by" days are counted from today there (the shop's clock, common/shop-time-zone.ts). */
export const DELIVERY_TIME_ZONE = SHOP_TIME_ZONE;

/**
 * The demo shop's zones: it ships from Bengaluru. A place in no zone (the north-east, Jammu & Kashmir, Ladakh, Sikkim,
 * Lakshadweep, the Andaman & Nicobar Islands) is not served.
 */
export const DELIVERY_ZONES: readonly DeliveryZone[] = [
  { name: 'Bengaluru', days: 1, pincodePrefixes: ['560'] },
  { name: 'Karnataka', days: 2, states: ['Karnataka'] },
  { name: 'South', days: 3, states: ['Tamil Nadu', 'Kerala', 'Andhra Pradesh', 'Telangana', 'Pondicherry', 'Goa'] },
  {
    name: 'Rest of the mainland',
    days: 5,
    states: [
      'Maharashtra',
      'Gujarat',
      'Delhi',
      'Haryana',
      'Punjab',
      'Chandigarh',
      'Rajasthan',
      'Uttar Pradesh',
      'Uttarakhand',
      'Himachal Pradesh',
      'Madhya Pradesh',
      'Chattisgarh',
      'Bihar',
      'Jharkhand',
      'Odisha',
      'West Bengal',
      'Dadra & Nagar Haveli',
      'Daman & Diu',
    ],
  },
];

/** What the rule needs of a place: its pincode and its state (either may be unknown). */
export interface DeliveryPlace {
  pincode?: string | null;
  state?: string | null;
}

/** The zone a place falls in: the longest pincode prefix that matches, else its state's zone; undefined in none. */
export function deliveryZoneOf(place: DeliveryPlace, zones: readonly DeliveryZone[] = DELIVERY_ZONES): DeliveryZone | undefined {
  const pincode = (place.pincode ?? '').replace(/\s/g, '');
  let best: { zone: DeliveryZone; length: number } | undefined;
  if (pincode) {
    for (const zone of zones)
      for (const prefix of zone.pincodePrefixes ?? [])
        if (pincode.startsWith(prefix) && prefix.length > (best?.length ?? 0)) best = { zone, length: prefix.length };
  }
  if (best) return best.zone;
  const state = (place.state ?? '').trim().toLowerCase();
  if (!state) return undefined;
  return zones.find((z) => (z.states ?? []).some((s) => s.toLowerCase() === state));
}

/** Days to deliver to a place, or null when the shop does not serve it. */
export function deliveryDaysTo(place: DeliveryPlace, zones: readonly DeliveryZone[] = DELIVERY_ZONES): number | null {
  return deliveryZoneOf(place, zones)?.days ?? null;
}

/** The fastest and slowest promise of the served zones: the generic promise before a pincode is known. */
export function deliveryDaysRange(zones: readonly DeliveryZone[] = DELIVERY_ZONES): { fastest: number; slowest: number } {
  const days = zones.map((z) => z.days).filter((d): d is number => d !== null);
  return { fastest: Math.min(...days), slowest: Math.max(...days) };
}

/** One formatter per time zone: making one costs far more than formatting with it, and every order's answer formats a date. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date on the shop's calendar, YYYY-MM-DD. */
export function shopDay(at: Date, timeZone: string = DELIVERY_TIME_ZONE): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(at);
}

/** The date (YYYY-MM-DD, the shop's calendar) an order placed at `at` is expected, `days` later. */
export function deliveryDateAfter(days: number, at: Date, timeZone: string = DELIVERY_TIME_ZONE): string {
  return new Date(Date.parse(`${shopDay(at, timeZone)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The expected date for an order to `place` placed at `at`, or null where the shop does not deliver. */
export function expectedDeliveryDate(place: DeliveryPlace, at: Date, zones: readonly DeliveryZone[] = DELIVERY_ZONES): string | null {
  const days = deliveryDaysTo(place, zones);
  return days === null ? null : deliveryDateAfter(days, at);
}
