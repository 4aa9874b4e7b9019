import { z } from 'zod';

/** The tables GSTR-1 is downloaded as, one CSV each (docs/product.md#gst-return). */
export const GSTR1_TABLES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'nil', 'hsn_b2b', 'hsn_b2c', 'doc_issue'] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];

/** The longest period one return covers: a quarter (a quarterly filer's), with a day to spare for 92-day quarters. */
export const GSTR1_MAX_DAYS = 92;

/** A day on India's calendar, as YYYY-MM-DD: the books' periods are days, both ends included. */
export const Day = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });
const DAY_MS = 86_400_000;

/** GET /api/admin/gst/gstr1: the days (India's calendar, both included), the format and, for CSV, the table. */
export const Gstr1Query = z
  .object({
    from: Day,
    to: Day,
    format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
    table: z.enum(GSTR1_TABLES, { error: `must be one of ${GSTR1_TABLES.join(', ')}` }).optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'must not be before from' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < GSTR1_MAX_DAYS, {
    path: ['to'],
    error: `must be within ${GSTR1_MAX_DAYS} days of from (a return covers a month or a quarter)`,
  })
  .refine((q) => q.format !== 'csv' || q.table !== undefined, { path: ['table'], error: 'is required for CSV (one table per file)' });
export type Gstr1Query = z.infer<typeof Gstr1Query>;
