import type { Category, Product, SubCategory } from '@haat/shared/catalog/catalog.types';
import { loadCopyRule, openStorage, type CopyRule } from '../../lib/storage/device-store';
import type { ServerRows } from '../../lib/storage/server-copy';

/** After an admin write, this device's storefront copies take the server's answer; best effort, never failing the write. */
async function adopt(part: (rule: CopyRule) => ServerRows): Promise<void> {
  const rule = await loadCopyRule();
  await rule.adoptServerRows(await openStorage(), [part(rule)]).catch(() => undefined);
}

export const replaceCategoryCopies = (categories: Category[]) => adopt(({ rowsFor, cachedCategories }) => rowsFor(cachedCategories, categories));

export const replaceSubCategoryCopies = (subCategories: SubCategory[]) =>
  adopt(({ rowsFor, cachedSubCategories }) => rowsFor(cachedSubCategories, subCategories));

export async function keepProductCopy(product: Product | undefined): Promise<void> {
  if (product?._id) await adopt(({ rowsFor, cachedProducts }) => rowsFor(cachedProducts, [product]));
}

export async function dropProductCopy(id: string): Promise<void> {
  await (await openStorage()).products.delete(id).catch(() => undefined);
}
