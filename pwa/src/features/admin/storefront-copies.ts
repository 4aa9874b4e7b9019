import type { Category, Product, SubCategory } from '@haat/shared/catalog/catalog.types';
import { openStorage } from '../../lib/storage/device-store';
import { cachedCategories, cachedProducts, cachedSubCategories } from '../../lib/storage/device-collections';
import { adoptServerRows, rowsFor, type ServerRows } from '../../lib/storage/server-copy';

/** After an admin write, this device's storefront copies take the server's answer; best effort, never failing the write. */
const adopt = async (part: ServerRows) => void (await adoptServerRows(await openStorage(), [part]).catch(() => undefined));

export const replaceCategoryCopies = (categories: Category[]) => adopt(rowsFor(cachedCategories, categories));

export const replaceSubCategoryCopies = (subCategories: SubCategory[]) => adopt(rowsFor(cachedSubCategories, subCategories));

export async function keepProductCopy(product: Product | undefined): Promise<void> {
  if (product?._id) await adopt(rowsFor(cachedProducts, [product]));
}

export async function dropProductCopy(id: string): Promise<void> {
  await (await openStorage()).products.delete(id).catch(() => undefined);
}
