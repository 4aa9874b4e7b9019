import { z } from 'zod';
import { Day } from '../gst/gstr1.schema.js';

/** The formats the books' exports come in: CSV, or an Excel workbook (docs/product.md#exports). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/admin/orders/export and /api/admin/stock/ledger: the days (India's calendar, both included) and the format. */
export const ExportQuery = z
  .object({
    from: Day,
    to: Day,
    format: z.enum(EXPORT_FORMATS, { error: 'must be csv or xlsx' }).default('csv'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'must not be before from' });
export type ExportQuery = z.infer<typeof ExportQuery>;
