import { i18n } from '../../i18n/i18n';
const UNITS: Array<[string, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** docs/product.md#screens, Orders: "Relative times read as days, hours, minutes or seconds ago". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  for (const [unit, ms] of UNITS) {
    const n = Math.floor(elapsed / ms);
    if (n >= 1) return i18n.t(`orders:ago.${unit}`, { count: n });
  }
  return i18n.t('orders:ago.second', { count: 0 });
}
