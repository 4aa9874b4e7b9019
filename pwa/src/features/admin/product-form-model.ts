import type { CategoryRef, Product } from '@haat/shared/catalog/catalog.types';
import { CreateProductBody } from '@haat/shared/catalog/product.schema';

/** The product form as typed: numbers stay text until the payload is built. */
export interface ProductFormValues {
  name: string;
  description: string;
  image: string[];
  category: CategoryRef[];
  subCategory: CategoryRef[];
  unit: string;
  stock: string;
  price: string;
  discount: string;
  /** Extra fields (spec §3 more_details), in the order they were added. */
  more_details: Array<{ name: string; value: string }>;
}

/** The body of product/create; update-product-details adds _id and productType. */
export interface ProductPayload {
  name: string;
  description: string;
  image: string[];
  category: string[];
  subCategory: string[];
  unit: string;
  stock: number;
  price: number;
  discount: number;
  more_details: Record<string, string>;
}

export type BuildResult = { ok: true; payload: ProductPayload } | { ok: false; message: string };

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  image: [],
  category: [],
  subCategory: [],
  unit: '',
  stock: '',
  price: '',
  discount: '',
  more_details: [],
};

const LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  image: 'Image',
  category: 'Category',
  subCategory: 'Sub Category',
  unit: 'Unit',
  stock: 'Stock',
  price: 'Price',
  discount: 'Discount',
  more_details: 'Extra fields',
};

/** Spec §5 Upload product: these must not be blank. */
const REQUIRED = ['name', 'description', 'unit', 'stock', 'price'] as const;

/** Server keys that describe the product, not extra fields an admin typed (ratings live on the product). */
const NOT_EXTRA = new Set(['rating', 'averageRating', 'totalReviews', 'reviews']);

export function formFromProduct(p: Product): ProductFormValues {
  return {
    name: p.name,
    description: p.description ?? '',
    image: [...(p.image ?? [])],
    category: (p.category ?? []).map(({ _id, name }) => ({ _id, name })),
    subCategory: (p.subCategory ?? []).map(({ _id, name }) => ({ _id, name })),
    unit: p.unit ?? '',
    stock: String(p.stock ?? ''),
    price: String(p.price ?? ''),
    discount: p.discount ? String(p.discount) : '',
    more_details: Object.entries(p.more_details ?? {})
      .filter(([name]) => !NOT_EXTRA.has(name))
      .map(([name, value]) => ({ name, value: String(value) })),
  };
}

/** Adds a chip once (spec §5: category and subcategory duplicates are ignored, by _id). */
export function withRef(list: CategoryRef[], ref: CategoryRef): CategoryRef[] {
  return list.some((r) => r._id === ref._id) ? list : [...list, ref];
}

/** The Add Field dialog: a non-empty name (spec §5), not one already on the form. */
export function addExtraField(values: ProductFormValues, rawName: string): { values: ProductFormValues } | { error: string } {
  const name = rawName.trim();
  if (!name) return { error: 'Please enter a field name' };
  if (name in LABELS || values.more_details.some((f) => f.name.toLowerCase() === name.toLowerCase())) {
    return { error: `A field named "${name}" already exists` };
  }
  return { values: { ...values, more_details: [...values.more_details, { name, value: '' }] } };
}

/**
 * Checks the form as spec §5 asks (required fields, numbers, every extra field filled in) with the
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
    unit: values.unit,
    stock: values.stock.trim(),
    price: values.price.trim(),
    discount: values.discount.trim() === '' ? 0 : values.discount.trim(),
    more_details: Object.fromEntries(values.more_details.map((f) => [f.name, f.value.trim()])),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    return { ok: false, message: `${LABELS[field] ?? 'A field'} ${issue.message}` };
  }
  const d = parsed.data;
  return {
    ok: true,
    payload: {
      name: d.name,
      description: d.description,
      image: d.image,
      category: d.category,
      subCategory: d.subCategory,
      unit: d.unit,
      stock: d.stock,
      price: d.price,
      discount: d.discount,
      more_details: d.more_details as Record<string, string>,
    },
  };
}
