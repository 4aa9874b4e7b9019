import { formatInr } from '@haat/shared/money/inr';
import { currentLanguage } from './i18n';

// Built once per language: the first Intl formatter a browser builds costs tens of ms (shared/src/money/inr.ts).
const money = new Map<string, Intl.NumberFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

/**
 * ₹ with Indian grouping in the current language (₹1,23,456.00 in both: hi-IN writes Latin digits, as
 * Indian shops do). English uses shared's hand-written formatter, which prints exactly what en-IN's Intl does.
 */
export function formatMoney(amount: number): string {
  const lang = currentLanguage();
  if (lang === 'en-IN') return formatInr(amount);
  let f = money.get(lang);
  if (!f) money.set(lang, (f = new Intl.NumberFormat(lang, { style: 'currency', currency: 'INR' })));
  return f.format(amount);
}

/** A count or figure with Indian grouping (1,23,456). */
export function formatNumber(value: number): string {
  const lang = currentLanguage();
  let f = numbers.get(lang);
  if (!f) numbers.set(lang, (f = new Intl.NumberFormat(lang)));
  return f.format(value);
}

/** A date (or date and time) in the current language, e.g. "23 Nov 2026" / "23 नव॰ 2026". */
export function formatDate(date: Date | string | number, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }): string {
  return new Intl.DateTimeFormat(currentLanguage(), options).format(new Date(date));
}
