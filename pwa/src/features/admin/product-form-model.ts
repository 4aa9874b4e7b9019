import type { TFunction } from '../../i18n/i18n';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors } from 'react-hook-form';
import type { CategoryRef, Product } from '@haat/shared/catalog/catalog.types';
import { CreateProductBody } from '@haat/shared/catalog/product.schema';
import { unitForType } from '@haat/shared/catalog/product-unit.rule';
import { DEFAULT_UNIT, LIMITS, PRODUCT_TYPES } from '@haat/shared/common/limits';
import { ruleSentence } from './rule-words';

export type ProductType = Product['productType'];

/** One variant row as typed: price and stock blank mean "the product's own" (docs/product.md#records, Variant). */
export interface VariantRow {
  /** The stored variant's id, kept on update so orders that name it still find it; absent on a new row. */
  _id?: string;
  /** A React key for rows without an _id yet, and how an upload that ends late finds its row. */
  key: string;
  name: string;
  /** The option's SKU; blank on a new row: the server makes one (docs/product.md#catalogue-in-bulk). */
  sku: string;
  price: string;
  stock: string;
  /** The option's own stock as the form loaded it: sent back so a save cannot overwrite what orders did meanwhile. */
  loadedStock?: number;
  image: string[];
}

/** The product form as typed: numbers stay text until the resolver turns them into the request body. */
export interface ProductFormValues {
  name: string;
  /** Blank on a new product: the server makes one from the name (docs/product.md#catalogue-in-bulk). */
  sku: string;
  description: string;
  image: string[];
  category: CategoryRef[];
  subCategory: CategoryRef[];
  productType: ProductType;
  /** docs/product.md#states and #rules-and-limits: 'pack' for a fixed product, one of VARIABLE_UNITS for a variable one. */
  unit: string;
  stock: string;
  /** The stock as the form loaded it (editing only); see VariantRow.loadedStock. */
  loadedStock?: number;
  /** Most units one order line may hold. */
  maxPerOrder: string;
  price: string;
  discount: string;
  /** HSN code and GST rate for tax invoices (docs/product.md#tax-invoices); empty: the shop's default rate. */
  hsn: string;
  gstRate: string;
  /** Extra fields (docs/product.md#records more_details), in the order they were added. */
  more_details: Array<{ name: string; value: string }>;
  variants: VariantRow[];
}

/** The body of product/create (update-product-details adds _id): what the resolver hands to the submit handler. */
export type ProductPayload = CreateProductBody;

/** A new product's form; its fields in the order the form shows them (the first problem in this order is toasted). */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  sku: '',
  description: '',
  image: [],
  category: [],
  subCategory: [],
  productType: 'fixed',
  unit: DEFAULT_UNIT,
  stock: '',
  maxPerOrder: String(LIMITS.defaultMaxPerOrder),
  price: '',
  discount: '',
  hsn: '',
  gstRate: '',
  more_details: [],
  variants: [],
};

const FIELD_ORDER = Object.keys(EMPTY_PRODUCT_FORM) as Array<keyof ProductFormValues>;
const VARIANT_ORDER = ['_id', 'name', 'sku', 'price', 'stock', 'expectedStock', 'image'] as const;

/** Server keys that describe the product, not extra fields an admin typed (ratings live on the product). */
const NOT_EXTRA = new Set(['rating', 'averageRating', 'totalReviews', 'reviews']);

/** The edit form from the product as stored, an old product's unit as its type allows (saving it fixes it). */
export function formFromProduct(p: Product): ProductFormValues {
  const productType = p.productType ?? 'fixed';
  return {
    name: p.name,
    sku: p.sku ?? '',
    description: p.description ?? '',
    image: [...(p.image ?? [])],
    category: (p.category ?? []).map(({ _id, name }) => ({ _id, name })),
    subCategory: (p.subCategory ?? []).map(({ _id, name }) => ({ _id, name })),
    productType,
    unit: unitForType(productType, p.unit ?? ''),
    stock: String(p.stock ?? ''),
    loadedStock: p.stock,
    maxPerOrder: String(p.maxPerOrder ?? LIMITS.defaultMaxPerOrder),
    price: String(p.price ?? ''),
    discount: p.discount ? String(p.discount) : '',
    hsn: p.hsn ?? '',
    gstRate: p.gstRate === null || p.gstRate === undefined ? '' : String(p.gstRate),
    more_details: Object.entries(p.more_details ?? {})
      .filter(([name]) => !NOT_EXTRA.has(name))
      .map(([name, value]) => ({ name, value: String(value) })),
    variants: (p.variants ?? []).map((v) => ({
      _id: v._id,
      key: v._id,
      name: v.name,
      sku: v.sku ?? '',
      price: v.price === undefined ? '' : String(v.price),
      stock: v.stock === undefined ? '' : String(v.stock),
      ...(v.stock === undefined ? {} : { loadedStock: v.stock }),
      image: [...(v.image ?? [])],
    })),
  };
}

let rowCount = 0;
/** A blank variant row for the end of the list. */
export function newVariantRow(): VariantRow {
  rowCount += 1;
  return { key: `new-${rowCount}`, name: '', sku: '', price: '', stock: '', image: [] };
}

/** Adds a chip once (docs/product.md#validation: category and subcategory duplicates are ignored, by _id). */
export function withRef(list: CategoryRef[], ref: CategoryRef): CategoryRef[] {
  return list.some((r) => r._id === ref._id) ? list : [...list, ref];
}

/** The Add Field dialog: a non-empty name (docs/product.md#validation), not one the form already has. */
export function extraFieldProblem(values: Pick<ProductFormValues, 'more_details'>, rawName: string): 'blank' | 'taken' | null {
  const name = rawName.trim();
  if (!name) return 'blank';
  const taken = FIELD_ORDER.some((f) => f.toLowerCase() === name.toLowerCase());
  return taken || values.more_details.some((f) => f.name.toLowerCase() === name.toLowerCase()) ? 'taken' : null;
}

/** After STOCK_CHANGED: the figure as it is now, shown and as loaded, so the admin can enter theirs again. */
export function currentStockFields(values: ProductFormValues, current: number, variantId?: string): Array<[string, string | number]> {
  if (!variantId) {
    return [
      ['stock', String(current)],
      ['loadedStock', current],
    ];
  }
  const i = values.variants.findIndex((v) => v._id === variantId);
  if (i < 0) return [];
  return [
    [`variants.${i}.stock`, String(current)],
    [`variants.${i}.loadedStock`, current],
  ];
}

// ---- The resolver: the form's values checked and turned into the request body by the shared schema. ----

/** docs/product.md#validation, Upload product: these must not be blank (blank numbers would read as "not a number"). */
const filled = z.string().refine((s) => s.trim() !== '', { error: 'is required' });
const Ref = z.object({ _id: z.string(), name: z.string() });
const Row = z.object({
  _id: z.string().optional(),
  key: z.string(),
  name: z.string(),
  sku: z.string(),
  price: z.string(),
  stock: z.string(),
  loadedStock: z.number().optional(),
  image: z.array(z.string()),
});

/** The form's values → the create body, text trimmed; blank optional figures left out. */
function toRequest(values: z.output<typeof FormShape>) {
  return {
    name: values.name,
    ...(values.sku.trim() === '' ? {} : { sku: values.sku.trim() }),
    description: values.description,
    image: values.image,
    category: values.category.map((c) => c._id),
    subCategory: values.subCategory.map((s) => s._id),
    productType: values.productType,
    unit: values.unit,
    stock: values.stock.trim(),
    ...(values.loadedStock === undefined ? {} : { expectedStock: values.loadedStock }),
    maxPerOrder: values.maxPerOrder.trim(),
    price: values.price.trim(),
    discount: values.discount.trim() === '' ? 0 : values.discount.trim(),
    ...(values.hsn.trim() === '' ? {} : { hsn: values.hsn.trim() }),
    ...(values.gstRate.trim() === '' ? {} : { gstRate: values.gstRate.trim() }),
    more_details: Object.fromEntries(values.more_details.map((f) => [f.name, f.value.trim()])),
    variants: values.variants.map((v) => ({
      ...(v._id ? { _id: v._id } : {}),
      name: v.name,
      ...(v.sku.trim() === '' ? {} : { sku: v.sku.trim() }),
      ...(v.price.trim() === '' ? {} : { price: v.price.trim() }),
      ...(v.stock.trim() === '' ? {} : { stock: v.stock.trim() }),
      ...(v.loadedStock === undefined ? {} : { expectedStock: v.loadedStock }),
      ...(v.image.length ? { image: v.image } : {}),
    })),
  };
}

const FormShape = z.object({
  name: filled,
  sku: z.string(),
  description: filled,
  image: z.array(z.string()),
  category: z.array(Ref),
  subCategory: z.array(Ref),
  productType: z.enum(PRODUCT_TYPES),
  unit: filled,
  stock: filled,
  loadedStock: z.number().optional(),
  maxPerOrder: filled,
  price: filled,
  discount: z.string(),
  hsn: z.string(),
  gstRate: z.string(),
  more_details: z.array(z.object({ name: z.string(), value: filled })),
  variants: z.array(Row),
});

/** docs/product.md#validation: the required fields, then the very schema the server checks, each problem on its field. */
export const productFormSchema = FormShape.transform((values, ctx) => {
  const body = CreateProductBody.safeParse(toRequest(values));
  if (body.success) return body.data;
  for (const issue of body.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

export const productResolver = zodResolver(productFormSchema);

// ---- Problems in words, in the admin's language. ----

/** The field as the form labels it (`t` answers in the admin namespace's words): "Price", "Variant 2 price", or an extra field's own name. */
function fieldLabel(t: TFunction, path: string, values: Pick<ProductFormValues, 'more_details'>): string {
  const [field, index, part] = path.split('.');
  if (field === 'variants' && index !== undefined) {
    const n = Number(index) + 1;
    if (!part) return t('admin:form.variantN', { n });
    const known = part === 'expectedStock' ? 'stock' : part;
    return t(`admin:form.variantField.${known}`, { n, defaultValue: t('admin:form.variantField.other', { n, part }) });
  }
  if (field === 'more_details' && index !== undefined) return values.more_details[Number(index)]?.name ?? t('admin:form.field.more_details');
  return t(`admin:form.field.${field}`, { defaultValue: t('admin:form.field.other') });
}

/** "Price must not be negative", "Variant 2 name is required", "कीमत का मान शून्य से कम नहीं हो सकता". */
export function problemSentence(t: TFunction, path: string, message: string, values: Pick<ProductFormValues, 'more_details'>): string {
  return ruleSentence(t, fieldLabel(t, path, values), message);
}

/** Every problem the resolver found, as [path, error], in the order the form shows its fields. */
export function orderedProblems(errors: FieldErrors<ProductFormValues>): Array<[string, FieldError]> {
  const found: Array<[string, FieldError]> = [];
  const take = (path: string, node: unknown) => {
    if (node && typeof node === 'object' && typeof (node as FieldError).message === 'string') found.push([path, node as FieldError]);
  };
  for (const field of FIELD_ORDER) {
    const node = (errors as unknown as Record<string, unknown>)[field];
    if (!node) continue;
    take(field, node);
    if (field === 'more_details' || field === 'variants') {
      take(field, (node as { root?: unknown }).root);
      const rows = node as Record<string, Record<string, unknown> | undefined>;
      const indexes = Object.keys(rows)
        .filter((k) => /^\d+$/.test(k))
        .map(Number)
        .sort((a, b) => a - b);
      for (const i of indexes) {
        const row = rows[i] ?? {};
        const parts =
          field === 'variants' ? [...VARIANT_ORDER, ...Object.keys(row).filter((k) => !(VARIANT_ORDER as readonly string[]).includes(k))] : ['value'];
        take(`${field}.${i}`, row);
        for (const part of parts) take(`${field}.${i}.${part}`, row[part]);
      }
    }
  }
  return found;
}
