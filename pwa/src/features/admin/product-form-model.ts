import type { CategoryRef, Product } from '@haat/shared/catalog/catalog.types';
import { CreateProductBody, type VariantInput } from '@haat/shared/catalog/product.schema';
import { unitForType } from '@haat/shared/catalog/product-unit.rule';
import { DEFAULT_UNIT, LIMITS } from '@haat/shared/common/limits';

export type ProductType = Product['productType'];

/** One variant row as typed: price and stock blank mean "the product's own" (docs/product.md#records, Variant). */
export interface VariantRow {
  /** The stored variant's id, kept on update so orders that name it still find it; absent on a new row. */
  _id?: string;
  /** A React key for rows without an _id yet. */
  key: string;
  name: string;
  price: string;
  stock: string;
  /** The option's own stock as the form loaded it: sent back so a save cannot overwrite what orders did meanwhile. */
  loadedStock?: number;
  image: string[];
}

/** The product form as typed: numbers stay text until the payload is built. */
export interface ProductFormValues {
  name: string;
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
  /** Extra fields (docs/product.md#records more_details), in the order they were added. */
  more_details: Array<{ name: string; value: string }>;
  variants: VariantRow[];
}

/** The body of product/create; update-product-details adds _id. */
export interface ProductPayload {
  name: string;
  description: string;
  image: string[];
  category: string[];
  subCategory: string[];
  productType: ProductType;
  unit: string;
  stock: number;
  /** What the form loaded (editing only): the server leaves the stock alone when `stock` equals it, and refuses a changed figure when orders moved it. */
  expectedStock?: number;
  maxPerOrder: number;
  price: number;
  discount: number;
  more_details: Record<string, string>;
  variants: VariantInput[];
}

export type BuildResult = { ok: true; payload: ProductPayload } | { ok: false; message: string };

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
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
  more_details: [],
  variants: [],
};

const LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  image: 'Image',
  category: 'Category',
  subCategory: 'Sub Category',
  productType: 'Product type',
  unit: 'Unit',
  stock: 'Stock',
  maxPerOrder: 'Most per order',
  price: 'Price',
  discount: 'Discount',
  more_details: 'Extra fields',
  variants: 'Variants',
};

const VARIANT_LABELS: Record<string, string> = { _id: 'id', name: 'name', price: 'price', stock: 'stock', image: 'image' };

/** docs/product.md#validation, Upload product: these must not be blank. */
const REQUIRED = ['name', 'description', 'unit', 'stock', 'price', 'maxPerOrder'] as const;

/** Server keys that describe the product, not extra fields an admin typed (ratings live on the product). */
const NOT_EXTRA = new Set(['rating', 'averageRating', 'totalReviews', 'reviews']);

/**
 * The edit modal starts from the product as stored. A product saved before the unit rule (a fixed
 * one with '1 pc', a variable one with '1 kg') shows the unit its type allows, so saving it fixes it.
 */
export function formFromProduct(p: Product): ProductFormValues {
  const productType = p.productType ?? 'fixed';
  return {
    name: p.name,
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
    more_details: Object.entries(p.more_details ?? {})
      .filter(([name]) => !NOT_EXTRA.has(name))
      .map(([name, value]) => ({ name, value: String(value) })),
    variants: (p.variants ?? []).map((v) => ({
      _id: v._id,
      key: v._id,
      name: v.name,
      price: v.price === undefined ? '' : String(v.price),
      stock: v.stock === undefined ? '' : String(v.stock),
      ...(v.stock === undefined ? {} : { loadedStock: v.stock }),
      image: [...(v.image ?? [])],
    })),
  };
}

/** docs/product.md#states product edit form: switching to fixed makes the unit 'pack'; to variable, a unit from the list. */
export function withProductType(values: ProductFormValues, productType: ProductType): ProductFormValues {
  return { ...values, productType, unit: unitForType(productType, values.unit) };
}

let rowCount = 0;
/** A blank variant row at the end of the list. */
export function withNewVariant(values: ProductFormValues): ProductFormValues {
  rowCount += 1;
  return { ...values, variants: [...values.variants, { key: `new-${rowCount}`, name: '', price: '', stock: '', image: [] }] };
}

export function withVariant(values: ProductFormValues, index: number, patch: Partial<Omit<VariantRow, '_id' | 'key'>>): ProductFormValues {
  return { ...values, variants: values.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) };
}

export function withoutVariant(values: ProductFormValues, index: number): ProductFormValues {
  return { ...values, variants: values.variants.filter((_, i) => i !== index) };
}

/** Adds a chip once (docs/product.md#validation: category and subcategory duplicates are ignored, by _id). */
export function withRef(list: CategoryRef[], ref: CategoryRef): CategoryRef[] {
  return list.some((r) => r._id === ref._id) ? list : [...list, ref];
}

/** The Add Field dialog: a non-empty name (docs/product.md#validation), not one already on the form. */
export function addExtraField(values: ProductFormValues, rawName: string): { values: ProductFormValues } | { error: string } {
  const name = rawName.trim();
  if (!name) return { error: 'Please enter a field name' };
  if (name in LABELS || values.more_details.some((f) => f.name.toLowerCase() === name.toLowerCase())) {
    return { error: `A field named "${name}" already exists` };
  }
  return { values: { ...values, more_details: [...values.more_details, { name, value: '' }] } };
}

/**
 * Checks the form as docs/product.md#validation asks (required fields, numbers, every extra field filled in) with the
 * shared schema the server uses, and builds the payload; the first problem is answered as a sentence.
 */
export function buildProductPayload(values: ProductFormValues): BuildResult {
  for (const field of REQUIRED) {
    if (values[field].trim() === '') return { ok: false, message: `${LABELS[field]} is required` };
  }
  const blank = values.more_details.find((f) => f.value.trim() === '');
  if (blank) return { ok: false, message: `${blank.name} is required` };
  const parsed = CreateProductBody.safeParse({
    name: values.name,
    description: values.description,
    image: values.image,
    category: values.category.map((c) => c._id),
    subCategory: values.subCategory.map((s) => s._id),
    productType: values.productType,
    unit: values.unit,
    stock: values.stock.trim(),
    maxPerOrder: values.maxPerOrder.trim(),
    price: values.price.trim(),
    discount: values.discount.trim() === '' ? 0 : values.discount.trim(),
    more_details: Object.fromEntries(values.more_details.map((f) => [f.name, f.value.trim()])),
    variants: values.variants.map((v) => ({
      ...(v._id ? { _id: v._id } : {}),
      name: v.name,
      ...(v.price.trim() === '' ? {} : { price: v.price.trim() }),
      ...(v.stock.trim() === '' ? {} : { stock: v.stock.trim() }),
      ...(v.loadedStock === undefined ? {} : { expectedStock: v.loadedStock }),
      ...(v.image.length ? { image: v.image } : {}),
    })),
  });
  if (!parsed.success) return { ok: false, message: sentence(parsed.error.issues[0]!) };
  const d = parsed.data;
  return {
    ok: true,
    payload: {
      name: d.name,
      description: d.description,
      image: d.image,
      category: d.category,
      subCategory: d.subCategory,
      productType: d.productType ?? values.productType, // the form always has one; the API infers it only when absent
      unit: d.unit,
      stock: d.stock,
      ...(values.loadedStock === undefined ? {} : { expectedStock: values.loadedStock }),
      maxPerOrder: d.maxPerOrder,
      price: d.price,
      discount: d.discount,
      more_details: d.more_details as Record<string, string>,
      variants: d.variants,
    },
  };
}

/**
 * After a save refused because orders moved a stock figure (STOCK_CHANGED): the form takes the
 * figure as it is now, both as shown and as loaded, so the admin sees it and can enter theirs again.
 */
export function withCurrentStock(values: ProductFormValues, current: number, variantId?: string): ProductFormValues {
  if (!variantId) return { ...values, stock: String(current), loadedStock: current };
  return { ...values, variants: values.variants.map((v) => (v._id === variantId ? { ...v, stock: String(current), loadedStock: current } : v)) };
}

/** "Price must not be negative", "Variant 2 name is required": the field as the form labels it. */
function sentence(issue: { path: PropertyKey[]; message: string }): string {
  const [field, index, part] = issue.path.map(String);
  if (field === 'variants' && index !== undefined) {
    return `Variant ${Number(index) + 1}${part ? ` ${VARIANT_LABELS[part] ?? part}` : ''} ${issue.message}`;
  }
  return `${LABELS[field ?? ''] ?? 'A field'} ${issue.message}`;
}
