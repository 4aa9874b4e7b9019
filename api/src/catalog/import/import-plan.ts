import type { z } from 'zod';
import { BRAND_FIELD, NEW_PRODUCT_COLUMNS, splitList, type ImportColumn, type ImportProblem } from '@haat/shared/catalog/catalog-import';
import { CreateProductBody, UpdateProductBody } from '@haat/shared/catalog/product.schema';
import { Count } from '@haat/shared/common/fields';
import { anyText } from '../../db/any-text.js';
import type { Db } from '../../db/database.js';
import { optionSkuOwners } from '../../inventory/index.js';
import { categoryNames } from '../categories.repository.js';
import { productColumns, type ProductRow } from '../product-columns.js';
import { products } from '../products.table.js';
import { subCategoryNames } from '../subcategories.repository.js';
import type { FileRow, ProductRows, ReadRows } from './import-rows.js';
import { planUpdate } from './import-update.js';

export type RowOutcome = 'create' | 'update' | 'unchanged' | 'conflict' | 'error' | 'skipped';

/** What the import does with one product of the file. */
export interface ProductPlan {
  sku: string;
  kind: 'create' | 'update' | 'unchanged' | 'blocked';
  create?: CreateProductBody;
  update?: UpdateProductBody;
  /** Each row of the product (its own first) and what becomes of it. */
  rows: Array<{ row: number; outcome: RowOutcome }>;
  /** ZIP pictures the product's write needs stored first, by file name. */
  pictures: string[];
}

/** Resolves a picture cell's entry to the URL it will have: a stored URL as it is, a ZIP file by its content. */
export type PictureUrl = (name: string) => Promise<string | { problem: string }>;

export interface PlanContext {
  categories: Map<string, string>;
  subCategories: Map<string, string>;
  stored: Map<string, ProductRow>;
  /** SKU → the product whose option holds it. */
  optionOwners: Map<string, string>;
  columns: Set<ImportColumn>;
  pictureUrl: PictureUrl;
  problems: ImportProblem[];
  /** Cells with a problem already (`row|column`). */
  named: Set<string>;
  conflicts: ImportProblem[];
  /** Digits an HSN code needs (SHOP_HSN_DIGITS). */
  hsnDigits: 4 | 6;
}

/** Which column a field of the product schema is read from. */
const COLUMN_OF: Record<string, ImportColumn> = {
  sku: 'sku',
  name: 'name',
  category: 'category',
  subCategory: 'subcategory',
  unit: 'unit',
  productType: 'unit',
  price: 'price',
  discount: 'discount',
  stock: 'stock',
  expectedStock: 'stock_exported',
  hsn: 'hsn',
  gstRate: 'gst_rate',
  description: 'description',
  more_details: 'brand',
  image: 'pictures',
};

/** Everything stored that the file's rows are checked against, read in a few statements. */
export async function planContext(db: Db, read: ReadRows, pictureUrl: PictureUrl, hsnDigits: 4 | 6): Promise<PlanContext> {
  const [cats, subs] = await Promise.all([categoryNames(db), subCategoryNames(db)]);
  const skus = read.products.flatMap((p) => [p.sku, ...p.options.map((o) => o.sku)]);
  const stored = new Map<string, ProductRow>();
  const optionOwners = new Map<string, string>();
  for (let i = 0; i < skus.length; i += 1000) {
    const chunk = skus.slice(i, i + 1000);
    const [rows, owners] = await Promise.all([db.select(productColumns).from(products).where(anyText(products.sku, chunk)), optionSkuOwners(db, chunk)]);
    for (const row of rows) stored.set(row.sku, row);
    for (const o of owners) optionOwners.set(o.sku, o.productId);
  }
  const byName = (list: Array<{ id: string; name: string }>) => new Map(list.map((r) => [r.name.trim().toLowerCase(), r.id]));
  return {
    categories: byName(cats),
    subCategories: byName(subs),
    stored,
    optionOwners,
    columns: read.columns,
    pictureUrl,
    problems: read.problems,
    named: new Set(read.problems.map((p) => `${p.row}|${p.column}`)),
    conflicts: [],
    hsnDigits,
  };
}

/** The plan of one product: its rows checked against the shop and the product schema, and what each does. */
export async function planProduct(ctx: PlanContext, group: ProductRows): Promise<ProductPlan> {
  const before = ctx.problems.length;
  const stored = ctx.stored.get(group.sku);
  const rows = [...(group.product ? [group.product] : []), ...group.options, ...group.repeated];
  const plan: ProductPlan = { sku: group.sku, kind: 'blocked', rows: rows.map((r) => ({ row: r.row, outcome: 'skipped' })), pictures: [] };
  if (ctx.optionOwners.has(group.sku) && group.product) add(ctx, group.product, 'sku', 'is already the SKU of an option; a product needs a SKU of its own');
  else if (!stored && !group.product) for (const o of group.options) add(ctx, o, 'product_sku', 'names no product of the shop or of this file');
  for (const o of group.options) {
    const owner = ctx.optionOwners.get(o.sku);
    if (ctx.stored.has(o.sku)) add(ctx, o, 'sku', 'is already the SKU of a product; an option needs a SKU of its own');
    else if (owner && owner !== stored?.id) add(ctx, o, 'sku', 'is already the SKU of another product’s option');
  }
  if (group.refused) return refused(plan, group.refused);
  if (ctx.problems.length > before) return blocked(ctx, plan, before);
  const made = stored ? await planUpdate(ctx, group, stored, plan) : await planCreate(ctx, group, plan);
  // Any problem of any of its rows leaves the product out whole, create and update alike (a category not the shop's
  // too, though the schema would take the others).
  return made && ctx.problems.length === before ? made : blocked(ctx, plan, before);
}

/** A product with rows refused as the file was read (a SKU in two rows): those rows errors, the others skipped. */
function refused(plan: ProductPlan, rows: ReadonlySet<number>): ProductPlan {
  for (const r of plan.rows) r.outcome = rows.has(r.row) ? 'error' : 'skipped';
  return plan;
}

/** A product the file cannot write: rows with a problem say error, the others skipped. */
function blocked(ctx: PlanContext, plan: ProductPlan, before: number): ProductPlan {
  const bad = new Set(ctx.problems.slice(before).map((p) => p.row));
  const conflicted = new Set(ctx.conflicts.map((p) => p.row));
  for (const r of plan.rows) r.outcome = bad.has(r.row) ? 'error' : conflicted.has(r.row) ? 'conflict' : 'skipped';
  plan.kind = 'blocked';
  return plan;
}

async function planCreate(ctx: PlanContext, group: ProductRows, plan: ProductPlan): Promise<ProductPlan | null> {
  const row = group.product!;
  const c = row.cells;
  for (const column of NEW_PRODUCT_COLUMNS) if (!c[column]) add(ctx, row, column, 'is required for a new product');
  hsnDigitsOf(ctx, row);
  const input = {
    sku: group.sku,
    name: c.name,
    category: idsOf(ctx, row, 'category'),
    subCategory: idsOf(ctx, row, 'subcategory'),
    unit: c.unit,
    price: c.price,
    ...(c.discount ? { discount: c.discount } : {}),
    stock: c.stock || 0,
    ...(c.hsn ? { hsn: c.hsn } : {}),
    ...(c.gst_rate ? { gstRate: c.gst_rate } : {}),
    description: c.description ?? '',
    more_details: c.brand ? { [BRAND_FIELD]: c.brand } : {},
    image: await picturesOf(ctx, row, plan),
    variants: await Promise.all(group.options.map(async (o) => newOption(o, await picturesOf(ctx, o, plan)))),
  };
  const body = checked(ctx, CreateProductBody, input, row, group.options);
  if (!body) return null;
  for (const r of plan.rows) r.outcome = 'create';
  return { ...plan, kind: 'create', create: body };
}

/** An HSN cell of at least the digits the shop's turnover needs (SHOP_HSN_DIGITS; the schema checks its form). */
export function hsnDigitsOf(ctx: PlanContext, row: FileRow): void {
  const hsn = row.cells.hsn;
  if (hsn && /^\d{4}(\d{2}){0,2}$/.test(hsn) && hsn.length < ctx.hsnDigits)
    add(ctx, row, 'hsn', `must be an HSN code of at least ${ctx.hsnDigits} digits (the shop's turnover needs them)`);
}

/** A new option as the product schema takes it: blank cells left out. */
export function newOption(o: FileRow, image: string[] | undefined) {
  return {
    name: o.cells.option,
    sku: o.sku,
    ...(o.cells.price ? { price: o.cells.price } : {}),
    ...(o.cells.stock ? { stock: o.cells.stock } : {}),
    ...(image ? { image } : {}),
  };
}

/** A body through the product form's own schema, each problem named by the row and column it came from. */
export function checked<S extends z.ZodType>(
  ctx: PlanContext,
  schema: S,
  input: unknown,
  row: FileRow,
  options: FileRow[],
  optionAt?: (i: number) => FileRow | undefined,
): z.infer<S> | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const [field, i, sub] = issue.path as Array<string | number>;
    if (field === 'variants' && typeof i === 'number') {
      const option = optionAt ? optionAt(i) : options[i];
      if (option) add(ctx, option, sub === 'name' ? 'option' : (COLUMN_OF[String(sub)] ?? 'option'), issue.message);
      continue;
    }
    add(ctx, row, COLUMN_OF[String(field)] ?? 'sku', issue.message);
  }
  return null;
}

/** Category or subcategory names (several split by `|`) as ids; an unknown name is a problem of its cell. */
export function idsOf(ctx: PlanContext, row: FileRow, column: 'category' | 'subcategory'): string[] | undefined {
  const cell = row.cells[column];
  if (!cell) return undefined;
  const index = column === 'category' ? ctx.categories : ctx.subCategories;
  const ids: string[] = [];
  for (const name of splitList(cell)) {
    const id = index.get(name.toLowerCase());
    if (id) ids.push(id);
    else add(ctx, row, column, column === 'category' ? `"${name}" is not a category of the shop` : `"${name}" is not a subcategory of the shop`);
  }
  return ids;
}

/** A picture cell as the URLs its entries will have; undefined when blank (left as it is). */
export async function picturesOf(ctx: PlanContext, row: FileRow, plan: ProductPlan): Promise<string[] | undefined> {
  const cell = row.cells.pictures;
  if (!cell) return undefined;
  const urls: string[] = [];
  for (const name of splitList(cell)) {
    const url = await ctx.pictureUrl(name);
    if (typeof url === 'string') {
      urls.push(url);
      if (!isUrl(name)) plan.pictures.push(name);
    } else add(ctx, row, 'pictures', url.problem);
  }
  return urls;
}

/** A picture entry that is a URL already (an exported file's), not a ZIP file's name. */
export const isUrl = (entry: string) => entry.startsWith('/uploads/') || /^https?:\/\//i.test(entry);

/** A whole number of units from a stock cell, by the form's own rule; undefined when blank or wrong (then a problem). */
export function countIn(ctx: PlanContext, row: FileRow, column: 'stock' | 'stock_exported'): number | undefined {
  const cell = row.cells[column];
  if (!cell) return undefined;
  const parsed = Count.safeParse(cell);
  if (parsed.success) return parsed.data;
  add(ctx, row, column, parsed.error.issues[0]?.message ?? 'must be a whole number');
  return undefined;
}

/** A cell's problem; a cell already named keeps its first (a new product's blank price is "required", not also "not a number"). */
export function add(ctx: PlanContext, row: FileRow, column: ImportColumn, message: string): void {
  const cell = `${row.row}|${column}`;
  if (ctx.named.has(cell)) return;
  ctx.named.add(cell);
  ctx.problems.push({ row: row.row, column, message });
}
