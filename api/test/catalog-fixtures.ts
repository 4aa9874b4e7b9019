import { api, bearer, type TestApp } from './harness.js';

/** Small helpers that build a catalogue through the real API (never straight into the tables). */

let counter = 0;
export const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function addCategory(t: TestApp, token: string, name = uniqueName('Category')): Promise<{ _id: string; name: string }> {
  const res = await api(t).post('/api/category/add-category').set(bearer(token)).send({ name, image: '/uploads/cat.webp' });
  if (res.status !== 201) throw new Error(`add-category ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function addSubCategory(t: TestApp, token: string, categoryIds: string[], name = uniqueName('Sub')): Promise<{ _id: string; name: string }> {
  const res = await api(t).post('/api/subcategory/create').set(bearer(token)).send({ name, image: '/uploads/sub.webp', category: categoryIds });
  if (res.status !== 201) throw new Error(`subcategory/create ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export interface ProductInput {
  name?: string;
  category: string[];
  subCategory: string[];
  price?: number;
  discount?: number;
  stock?: number;
  description?: string;
  unit?: string;
  productType?: 'fixed' | 'variable';
  more_details?: Record<string, string | number | boolean>;
  variants?: Array<{ name: string; price?: number; stock?: number; image?: string[] }>;
}

export async function addProduct(t: TestApp, token: string, input: ProductInput): Promise<{ _id: string; name: string; createdAt: string }> {
  const body = {
    name: input.name ?? uniqueName('Product'),
    hsn: '8518',
    gstRate: 18,
    image: ['/uploads/p1.webp'],
    unit: input.unit ?? 'pack',
    productType: input.productType ?? 'fixed',
    stock: input.stock ?? 10,
    price: input.price ?? 100,
    discount: input.discount ?? 0,
    description: input.description ?? 'A test product.',
    category: input.category,
    subCategory: input.subCategory,
    more_details: input.more_details ?? {},
    variants: input.variants ?? [],
  };
  const res = await api(t).post('/api/product/create').set(bearer(token)).send(body);
  if (res.status !== 201) throw new Error(`product/create ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** The fields a 400 names, for readable expectations. */
export const fieldsOf = (res: { body: { fields?: string[] } }) => res.body.fields ?? [];
