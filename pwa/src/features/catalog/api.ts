import type { Category, Product, SubCategory } from '@haat/shared/catalog/catalog.types';
import type { ProductsByCategoryBody } from '@haat/shared/catalog/product.schema';
import type { Envelope } from '@haat/shared/common/envelope';
import { getJson, postJson } from '../../lib/http/api-client';

/** A page of products as the cache stores it, whatever the route called the page fields. */
export interface ProductPage {
  items: Product[];
  total: number;
  page: number;
  totalPage: number;
}

/** The paged product routes add these beside `data` (api/src/catalog/products.controller.ts). */
export interface PagedEnvelope extends Envelope<Product[]> {
  totalCount: number;
  totalNoPage?: number;
  totalPage?: number;
  page: number;
}

export function toProductPage(body: PagedEnvelope): ProductPage {
  return { items: body.data ?? [], total: body.totalCount, page: body.page, totalPage: body.totalPage ?? body.totalNoPage ?? 1 };
}

/** A whole list as one page (home rows, related products). */
export function singlePage(items: Product[]): ProductPage {
  return { items, total: items.length, page: 1, totalPage: 1 };
}

export async function fetchCategories(): Promise<Category[]> {
  return (await getJson<Envelope<Category[]>>('category/get')).data ?? [];
}

export async function fetchSubCategories(): Promise<SubCategory[]> {
  return (await postJson<Envelope<SubCategory[]>>('subcategory/get', {})).data ?? [];
}

export async function fetchCategoryProducts(categoryId: string): Promise<ProductPage> {
  const body = await postJson<Envelope<Product[]>>('product/get-product-by-category', { id: categoryId } satisfies ProductsByCategoryBody);
  return singlePage(body.data ?? []);
}
