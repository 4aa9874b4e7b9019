import { BRAND_FIELD } from '@haat/shared/catalog/catalog-import';
import { UpdateProductBody, gstRatesToday } from '@haat/shared/catalog/product.schema';
import { indiaDay, isRateInForce } from '@haat/shared/gst/gst-rates';
import { unitProblem } from '@haat/shared/catalog/product-unit.rule';
import type { ProductRow } from '../product-columns.js';
import type { FileRow, ProductRows } from './import-rows.js';
import { add, checked, countIn, hsnDigitsOf, idsOf, newOption, picturesOf, type PlanContext, type ProductPlan } from './import-plan.js';

type StoredOption = ProductRow['inventory']['variants'][number];
interface StockMove {
  stock?: number;
  expectedStock?: number;
  changes: boolean;
}

/**
 * A stock cell against the stock now, under the stale-save rule (docs/decisions/0208-bare-stock-figures.md): a
 * figure equal to `stock_exported` was not edited and leaves the stock as orders made it; another figure replaces
 * `stock_exported`, which must still be the stock now, else the row is a conflict. Without `stock_exported` only the
 * stock now is taken (an echo). `current` undefined: an option selling from its product's stock, which a figure
 * gives a stock of its own. Answers null for a conflict or a problem (both recorded).
 */
function stockMove(ctx: PlanContext, row: FileRow, current: number | undefined): StockMove | null {
  const before = ctx.problems.length;
  const stock = countIn(ctx, row, 'stock');
  const exported = countIn(ctx, row, 'stock_exported');
  if (ctx.problems.length > before) return null;
  const keep: StockMove = current === undefined ? { changes: false } : { stock: current, expectedStock: current, changes: false };
  if (stock === undefined || (exported !== undefined && stock === exported) || stock === current) return keep;
  if (current === undefined) return { stock, changes: true };
  if (exported === current) return { stock, expectedStock: exported, changes: true };
  const message =
    exported === undefined
      ? `Stock is now ${current}; to set another figure, export the catalogue again and edit that file (its stock_exported column says what each figure replaces).`
      : `Stock changed since the file was exported: it is now ${current}, the file says ${exported}. Export again and enter the figure again.`;
  ctx.conflicts.push({ row: row.row, column: 'stock', message });
  return null;
}

/** The product's own fields from its row: only the cells filled (a blank cell leaves its field as it is). */
async function productFields(ctx: PlanContext, row: FileRow, stored: ProductRow, plan: ProductPlan) {
  const c = row.cells;
  const category = idsOf(ctx, row, 'category');
  const subCategory = idsOf(ctx, row, 'subcategory');
  const image = await picturesOf(ctx, row, plan);
  if (c.unit && c.unit !== stored.unit) {
    const problem = unitProblem(stored.productType, c.unit);
    if (problem) add(ctx, row, 'unit', problem);
  }
  return {
    ...(c.name ? { name: c.name } : {}),
    ...(category ? { category } : {}),
    ...(subCategory ? { subCategory } : {}),
    ...(c.unit ? { unit: c.unit } : {}),
    ...(c.price ? { price: c.price } : {}),
    ...(c.discount ? { discount: c.discount } : {}),
    ...(c.hsn ? { hsn: c.hsn } : {}),
    ...(c.gst_rate ? { gstRate: c.gst_rate } : {}),
    ...(c.description ? { description: c.description } : {}),
    ...(c.brand ? { more_details: { ...stored.moreDetails, [BRAND_FIELD]: c.brand } } : {}),
    ...(image ? { image } : {}),
  };
}

/** The whole option list an update sends: stored options kept as they are unless the file has their row, new ones after them. */
async function optionList(ctx: PlanContext, group: ProductRows, stored: ProductRow, plan: ProductPlan) {
  const fileRows = new Map(group.options.map((o) => [o.sku, o]));
  const rowAt: Array<FileRow | undefined> = [];
  const moves = new Map<FileRow, StockMove>();
  const list = [];
  for (const option of stored.inventory.variants) {
    const row = option.sku === undefined ? undefined : fileRows.get(option.sku);
    const own = option.stock === undefined ? {} : { stock: option.stock, expectedStock: option.stock };
    const kept = {
      _id: option._id,
      name: option.name,
      sku: option.sku,
      ...(option.price === undefined ? {} : { price: option.price }),
      image: option.image ?? [],
      ...own,
    };
    rowAt.push(row);
    if (!row) {
      list.push(kept);
      continue;
    }
    const move = stockMove(ctx, row, option.stock);
    if (move) moves.set(row, move);
    const image = await picturesOf(ctx, row, plan);
    list.push({ ...kept, name: row.cells.option!, ...(row.cells.price ? { price: row.cells.price } : {}), ...(image ? { image } : {}), ...stockOf(move) });
  }
  for (const row of group.options.filter((o) => !stored.inventory.variants.some((v) => v.sku === o.sku))) {
    rowAt.push(row);
    list.push(newOption(row, await picturesOf(ctx, row, plan)));
  }
  return { list, rowAt, moves };
}

const stockOf = (move: StockMove | null | undefined) =>
  move?.stock === undefined ? {} : { stock: move.stock, ...(move.expectedStock === undefined ? {} : { expectedStock: move.expectedStock }) };

/** An existing product's plan: its rows merged over what is stored, checked by the product schema, each row's outcome. */
export async function planUpdate(ctx: PlanContext, group: ProductRows, stored: ProductRow, plan: ProductPlan): Promise<ProductPlan | null> {
  const before = ctx.problems.length;
  const conflictsBefore = ctx.conflicts.length;
  const fields = group.product ? await productFields(ctx, group.product, stored, plan) : {};
  taxCodesAfter(ctx, group.product ?? group.options[0]!, stored, fields);
  const baseMove = group.product ? stockMove(ctx, group.product, stored.inventory.stock) : null;
  const options = group.options.length ? await optionList(ctx, group, stored, plan) : null;
  if (ctx.problems.length > before || ctx.conflicts.length > conflictsBefore) return null;
  const input = {
    _id: stored.id,
    ...fields,
    ...(baseMove?.changes ? stockOf(baseMove) : {}),
    ...(options ? { variants: options.list } : {}),
  };
  const anchor = group.product ?? group.options[0]!;
  const body = checked(ctx, UpdateProductBody, input, anchor, group.options, (i) => options?.rowAt[i]);
  if (!body) return null;
  if (group.product) outcome(plan, group.product, productChanged(body, stored) || !!baseMove?.changes);
  for (const row of group.options) {
    const known = stored.inventory.variants.find((v) => v.sku === row.sku);
    const sent = body.variants?.find((v) => v.sku === row.sku);
    if (!known) plan.rows.find((r) => r.row === row.row)!.outcome = 'create';
    else outcome(plan, row, optionChanged(sent, known) || !!options?.moves.get(row)?.changes);
  }
  const changes = plan.rows.some((r) => r.outcome !== 'unchanged');
  return { ...plan, kind: changes ? 'update' : 'unchanged', update: body };
}

/**
 * The product keeps an HSN code and a rate in force today once the row is applied (docs/product.md#tax-invoices): a
 * product stored without them, or on a slab since gone (12 %), is filed by the row that next updates it.
 */
function taxCodesAfter(ctx: PlanContext, row: FileRow, stored: ProductRow, fields: { hsn?: string; gstRate?: string }): void {
  if (row.cells.hsn) hsnDigitsOf(ctx, row);
  if (!fields.hsn && stored.hsn === null) add(ctx, row, 'hsn', 'is required: the product has no HSN code yet');
  if (fields.gstRate) return; // checked by the schema
  if (stored.gstRate === null) add(ctx, row, 'gst_rate', 'is required: the product has no GST rate yet');
  else if (!isRateInForce(stored.gstRate, indiaDay(new Date())))
    add(ctx, row, 'gst_rate', `is required: the product's ${stored.gstRate} % is no longer a GST rate (${gstRatesToday().join(', ')})`);
}

function outcome(plan: ProductPlan, row: FileRow, changed: boolean): void {
  plan.rows.find((r) => r.row === row.row)!.outcome = changed ? 'update' : 'unchanged';
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const sameSet = (a: readonly string[], b: readonly string[]) => sameList([...new Set(a)].sort(), [...new Set(b)].sort());

function productChanged(body: UpdateProductBody, stored: ProductRow): boolean {
  const scalar = (['name', 'unit', 'price', 'discount', 'hsn', 'gstRate', 'description'] as const).some(
    (k) => body[k] !== undefined && body[k] !== (stored[k] ?? undefined),
  );
  return (
    scalar ||
    (body.category !== undefined && !sameSet(body.category, stored.categoryIds)) ||
    (body.subCategory !== undefined && !sameSet(body.subCategory, stored.subCategoryIds)) ||
    (body.image !== undefined && !sameList(body.image, stored.image)) ||
    (body.more_details !== undefined && body.more_details[BRAND_FIELD] !== stored.moreDetails[BRAND_FIELD])
  );
}

function optionChanged(sent: NonNullable<UpdateProductBody['variants']>[number] | undefined, known: StoredOption): boolean {
  if (!sent) return false;
  return sent.name !== known.name || (sent.price ?? undefined) !== (known.price ?? undefined) || !sameList(sent.image ?? [], known.image ?? []);
}
