import { z } from 'zod';

/**
 * The tables GSTR-1 is downloaded as, one CSV each, named as the offline tool's sheets (docs/product.md#gst-return); the
 * HSN summary is two sheets, its B2B and B2C parts (`part`).
 */
export const GSTR1_TABLES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exemp', 'hsn', 'docs'] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];
export const HSN_PARTS = ['b2b', 'b2c'] as const;
export type HsnPart = (typeof HSN_PARTS)[number];

/** The files the month-end screen offers: each table, the HSN summary's two parts apart. */
export const GSTR1_CSV_FILES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exemp', 'hsn_b2b', 'hsn_b2c', 'docs'] as const;
export type Gstr1CsvFile = (typeof GSTR1_CSV_FILES)[number];
/** A file's query: its table, and for the HSN summary its part. */
export const csvFileQuery = (file: Gstr1CsvFile): { table: Gstr1Table; part?: HsnPart } =>
  file === 'hsn_b2b' ? { table: 'hsn', part: 'b2b' } : file === 'hsn_b2c' ? { table: 'hsn', part: 'b2c' } : { table: file };

/** The longest period one return covers: a quarter (a quarterly filer's). */
export const GSTR1_MAX_DAYS = 92;

/**
 * A return's period is a calendar month, or a quarter (April–June, July–September, October–December, January–March) for
 * a filer under the QRMP scheme: from its first day to its last, nothing else (the portal files by month or quarter).
 */
export function isReturnPeriod(from: string, to: string): boolean {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  if (d !== 1) return false;
  const lastOf = (months: number) => new Date(Date.UTC(y, m - 1 + months, 0)).toISOString().slice(0, 10);
  return to === lastOf(1) || ((m - 1) % 3 === 0 && to === lastOf(3));
}

/** A day on India's calendar, as YYYY-MM-DD: the books' periods are days, both ends included. */
export const Day = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });
const DAY_MS = 86_400_000;
const bothDays = (q: { from: unknown; to: unknown }) => Day.safeParse(q.from).success && Day.safeParse(q.to).success;

/** GET /api/admin/gst/gstr1: the days (India's calendar, both included), the format and, for CSV, the table. */
export const Gstr1Query = z
  .object({
    from: Day,
    to: Day,
    format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
    table: z.enum(GSTR1_TABLES, { error: `must be one of ${GSTR1_TABLES.join(', ')}` }).optional(),
    /** The HSN summary's part (its B2B or B2C sheet); the B2C one, where a shop's sales mostly are, when not named. */
    part: z.enum(HSN_PARTS, { error: 'must be b2b or b2c' }).default('b2c'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'must not be before from' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < GSTR1_MAX_DAYS, {
    path: ['to'],
    error: `must be within ${GSTR1_MAX_DAYS} days of from (a return covers a month or a quarter)`,
  })
  // Said once the days are dates, in order and within a quarter (the checks before name those).
  .refine((q) => !bothDays(q) || q.from > q.to || (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS >= GSTR1_MAX_DAYS || isReturnPeriod(q.from, q.to), {
    path: ['to'],
    error: 'must end a month or a quarter that from starts (a return is filed for a month, or a quarter from April, July, October or January)',
  })
  .refine((q) => q.format !== 'csv' || q.table !== undefined, { path: ['table'], error: 'is required for CSV (one table per file)' });
export type Gstr1Query = z.infer<typeof Gstr1Query>;
