import { z } from 'zod';

/**
 * The catalogue's bulk file (docs/product.md#catalogue-in-bulk): the columns an export writes and an import reads,
 * in this order, one row per product or option, and what the import answers. Header names are matched whatever
 * their case, with spaces or underscores alike (`GST rate` is `gst_rate`).
 */
export const IMPORT_COLUMNS = [
  'sku',
  'product_sku',
  'name',
  'category',
  'subcategory',
  'brand',
  'unit',
  'option',
  'price',
  'discount',
  'stock',
  'stock_exported',
  'hsn',
  'gst_rate',
  'description',
  'pictures',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns a file must have: every row names its unit by SKU. */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['sku'];

/** Columns a new product's row must fill. */
export const NEW_PRODUCT_COLUMNS: readonly ImportColumn[] = ['name', 'category', 'unit', 'price', 'hsn', 'gst_rate'];

/** Columns read from a product's row only: an option's row leaves them blank. */
export const PRODUCT_ONLY_COLUMNS: readonly ImportColumn[] = ['name', 'category', 'subcategory', 'brand', 'unit', 'discount', 'hsn', 'gst_rate', 'description'];

/** What separates several categories, subcategories or pictures in one cell. */
export const LIST_SEPARATOR = '|';

/** The more_details field a product's brand is kept in. */
export const BRAND_FIELD = 'Brand';

/** The most rows one file may hold, and the most problems an answer lists (the count says how many there were). */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_PROBLEMS = 1000;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** A problem with one cell: `row` as a spreadsheet numbers it (the header is row 1), `column` as the header names it. */
export interface ImportProblem {
  row: number;
  column: string;
  message: string;
}

export interface ImportCounts {
  /** Rows (products or options) by what the import does with them. */
  creates: number;
  updates: number;
  unchanged: number;
  /** Rows whose stock moved since the file was exported: not applied (docs/product.md#catalogue-in-bulk). */
  conflicts: number;
  /** Rows not applied because another row of their product has an error or a conflict. */
  skipped: number;
}

/** The dry run's answer; nothing is written. */
export interface ImportReport extends ImportCounts {
  total: number;
  errors: ImportProblem[];
  /** How many errors there were in all (`errors` lists the first IMPORT_MAX_PROBLEMS). */
  errorCount: number;
  conflictRows: ImportProblem[];
}

export const IMPORT_JOB_STATES = ['running', 'done', 'failed'] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];

/** GET /api/admin/catalog/import/:jobId. */
export interface ImportJobStatus extends ImportReport {
  jobId: string;
  state: ImportJobState;
  /** Rows handled so far, of `total`. */
  done: number;
}

/** Header text as a column name: `GST rate` → `gst_rate`. */
export function importColumnName(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** A cell holding several values (categories, pictures): trimmed, blanks dropped. */
export function splitList(cell: string): string[] {
  return cell
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** `?format=csv|xlsx` of the export and the template. */
export const CatalogFileQuery = z.object({ format: z.enum(IMPORT_FORMATS, { error: 'must be csv or xlsx' }).default('csv') });
export type CatalogFileQuery = z.infer<typeof CatalogFileQuery>;

/** `?dryRun=1` of the import: plan and answer, write nothing. */
export const ImportQuery = z.object({
  dryRun: z
    .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type ImportQuery = z.infer<typeof ImportQuery>;
