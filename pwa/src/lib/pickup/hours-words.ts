import type { OpeningHours } from '@haat/shared/stores/store.schema';
import { i18n } from '../../i18n/i18n';

/** "Open 09:00–21:00" in the shopper's language, or nothing for a store whose hours are not known. */
export function hoursWords(hours: OpeningHours, ns: 'orders' | 'checkout'): string {
  if (!hours.opensAt || !hours.closesAt) return '';
  return i18n.t(ns === 'orders' ? 'orders:pickup.hours' : 'checkout:pickup.hours', { opens: hours.opensAt, closes: hours.closesAt });
}
