import { unitLabel } from '@haat/shared/catalog/product-unit.rule';
import { DEFAULT_UNIT, VARIABLE_UNITS } from '@haat/shared/common/limits';
import { formatInr } from '@haat/shared/money/inr';
import { currentLanguage, i18n } from './i18n';

// Built once per language: the first Intl formatter a browser builds costs tens of ms (shared/src/money/inr.ts).
const money = new Map<string, Intl.NumberFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

/** ₹ with Indian grouping in the current language; English through shared's formatter (en-IN's Intl, without its cost). */
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

const DAY_MONTH_YEAR: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The two English dates the browsing pages show, as en-IN's Intl prints them, without its cost (format.test.ts); else null. */
export function englishDate(date: Date, options: Intl.DateTimeFormatOptions): string | null {
  const { weekday, day, month, year, timeZone, ...rest } = options;
  if (Object.keys(rest).length > 0 || Number.isNaN(date.getTime()) || (timeZone !== undefined && timeZone !== 'UTC')) return null;
  if (day !== 'numeric' || month !== 'short') return null;
  const utc = timeZone === 'UTC';
  const d = utc ? date.getUTCDate() : date.getDate();
  const m = MONTHS[utc ? date.getUTCMonth() : date.getMonth()];
  if (weekday === undefined && year === 'numeric') return `${d} ${m} ${utc ? date.getUTCFullYear() : date.getFullYear()}`;
  if (weekday === 'short' && year === undefined) return `${WEEKDAYS[utc ? date.getUTCDay() : date.getDay()]}, ${d} ${m}`;
  return null;
}

/**
 * A date (or date and time) in the current language, e.g. "23 Nov 2026" / "23 नव॰ 2026"; a time in Hindi says the
 * part of the day in words ("शाम 6:08", as shared's shopTime does), never "pm" (docs/product.md#delivery).
 */
export function formatDate(date: Date | string | number, options: Intl.DateTimeFormatOptions = DAY_MONTH_YEAR): string {
  const when = new Date(date);
  const lang = currentLanguage();
  if (lang === 'en-IN') return englishDate(when, options) ?? new Intl.DateTimeFormat(lang, options).format(when);
  const words = options.hour !== undefined && !options.timeStyle && lang.startsWith('hi') ? { ...options, dayPeriod: 'short' as const } : options;
  return new Intl.DateTimeFormat(lang, words).format(when);
}

/** A product's unit as a shopper reads it: the shop's measures in words ("gm" → "ग्राम"), others as written, no "pack". */
export function unitText(unit: string): string | null {
  if (!unitLabel(unit)) return null;
  return (VARIABLE_UNITS as readonly string[]).includes(unit) ? i18n.t(`common:unit.${unit}`) : unit;
}

/** A product's unit as the admin's screens name it: the shop's units in words ("pack" → "पैक"), others as written. */
export function unitName(unit: string): string {
  return unit === DEFAULT_UNIT || (VARIABLE_UNITS as readonly string[]).includes(unit) ? i18n.t(`common:unit.${unit}`) : unit;
}
