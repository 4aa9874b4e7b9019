import type { Category, Product, SubCategory } from '@haat/shared/catalog/catalog.types';
import type { AddCategoryBody, CreateSubCategoryBody, DeleteByIdBody, UpdateCategoryBody, UpdateSubCategoryBody } from '@haat/shared/catalog/category.schema';
import type { CreateProductRequest, GetProductsBody, ProductDetailsBody, UpdateProductRequest } from '@haat/shared/catalog/product.schema';
import type { Envelope } from '@haat/shared/common/envelope';
import { LIMITS } from '@haat/shared/common/limits';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http/http';
import { problemOf } from '../../lib/http/http-problem';
import { toast } from '../../lib/ui/toast';
import { i18n } from '../../i18n/i18n';
import { adminKeys } from '../../lib/query/admin-keys';
import type { AdminPage } from './hooks/use-admin-list';
import type { ProductPayload } from './product-form-model';
import { replaceCategoryCopies, replaceSubCategoryCopies } from './storefront-copies';

/** docs/product.md#api, the admin's catalogue calls; reads skip every cache: an admin edits what the server holds. */
const fresh = { cache: 'no-store' } as const;
/** A form's save: a refusal shows in the form (lib/ui/form-refusal.tsx), not in a toast. */
const quiet = { context: { silent: true } } as const;

export const adminApi = {
  categories: async (signal?: AbortSignal) => (await http.get('category/get', { ...fresh, signal }).json<Envelope<Category[]>>()).data ?? [],
  addCategory: (fields: AddCategoryBody) => http.post('category/add-category', { ...quiet, json: fields }).json<Envelope<Category>>(),
  updateCategory: (fields: UpdateCategoryBody) => http.put('category/update', { ...quiet, json: fields }).json<Envelope<Category>>(),
  deleteCategory: (_id: string) => http.delete('category/delete', { json: { _id } satisfies DeleteByIdBody }).json<Envelope<null>>(),

  subCategories: async (signal?: AbortSignal) =>
    (await http.post('subcategory/get', { ...fresh, signal, json: {} }).json<Envelope<SubCategory[]>>()).data ?? [],
  addSubCategory: (fields: CreateSubCategoryBody) => http.post('subcategory/create', { ...quiet, json: fields }).json<Envelope<SubCategory>>(),
  updateSubCategory: (fields: UpdateSubCategoryBody) => http.put('subcategory/update', { ...quiet, json: fields }).json<Envelope<SubCategory>>(),
  deleteSubCategory: (_id: string) => http.delete('subcategory/delete', { json: { _id } satisfies DeleteByIdBody }).json<Envelope<null>>(),

  products: async (page: number, search: string, signal?: AbortSignal): Promise<AdminPage<Product>> => {
    const body = await http
      .post('product/get', { ...fresh, signal, json: { page, limit: LIMITS.adminProductsPageSize, ...(search ? { search } : {}) } satisfies GetProductsBody })
      .json<Envelope<Product[]> & { totalNoPage?: number }>();
    return { items: body.data ?? [], totalPages: body.totalNoPage ?? 1 };
  },
  /** One product as the storefront reads it, for its edit form (the overview's "Adjust" links). */
  product: async (productId: string, signal?: AbortSignal) =>
    (await http.post('product/get-product-details', { ...fresh, signal, json: { productId } satisfies ProductDetailsBody }).json<Envelope<Product>>()).data ??
    null,
  createProduct: (payload: ProductPayload) => http.post('product/create', { ...quiet, json: payload satisfies CreateProductRequest }).json<Envelope<Product>>(),
  updateProduct: (payload: ProductPayload & { _id: string }) =>
    http.put('product/update-product-details', { ...quiet, json: payload satisfies UpdateProductRequest }).json<Envelope<Product>>(),
  deleteProduct: (_id: string) => http.delete('product/delete-product', { json: { _id } satisfies DeleteByIdBody }).json<Envelope<null>>(),

  /** POST /api/file/upload (multipart `file`); the URL is in data.url (docs/product.md#records). Silent: the caller words the failure. */
  uploadImage: async (file: File): Promise<string> => {
    const body = new FormData();
    body.append('file', file);
    const answer = await http.post('file/upload', { body, timeout: 60_000, context: { silent: true } }).json<Envelope<{ url?: string }> & { url?: string }>();
    const url = answer.data?.url ?? answer.url;
    if (!url) throw new Error('Image upload failed!');
    return url;
  },
};

/** Every category; each read also brings this device's storefront copies in step (storefront-copies.ts). */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: adminKeys.categories(),
    queryFn: async ({ signal }) => {
      const categories = await adminApi.categories(signal);
      void replaceCategoryCopies(categories);
      return categories;
    },
  });

/** Every sub category, the storefront's copies brought in step likewise. */
export const subCategoriesQuery = () =>
  queryOptions({
    queryKey: adminKeys.subCategories(),
    queryFn: async ({ signal }) => {
      const subCategories = await adminApi.subCategories(signal);
      void replaceSubCategoryCopies(subCategories);
      return subCategories;
    },
  });

/** A page of the products (the search's, when there is one); the shelves' product finder reads its first page. */
export const productsQuery = (search: string, page: number) =>
  queryOptions({ queryKey: adminKeys.products(search, page), queryFn: ({ signal }) => adminApi.products(page, search, signal) });

/** One product, for its edit form. */
export const productQuery = (productId: string) =>
  queryOptions({ queryKey: adminKeys.product(productId), queryFn: ({ signal }) => adminApi.product(productId, signal) });

/** The key of the image uploads under way, which a form waits for before it saves (image-upload-field.tsx). */
export const IMAGE_UPLOADS = ['admin', 'image-upload'] as const;

/**
 * Uploads files one by one (`each` takes each URL) as one online write (lib/query/server-write.ts); a failure is a toast:
 * the server's reason, else docs/product.md#errors'.
 */
export const imageUploadWrite = () =>
  mutationOptions({
    mutationKey: IMAGE_UPLOADS,
    mutationFn: async ({ files, each }: { files: File[]; each: (url: string) => void }) => {
      for (const file of files) each(await adminApi.uploadImage(file));
    },
    onError: (error) => {
      const problem = problemOf(error);
      toast.error(problem.status > 0 ? problem.message : i18n.t('admin:image.failed'));
    },
  });
