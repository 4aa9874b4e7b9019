import type { CategoryRef, Product } from '@haat/shared/catalog/catalog.types';
import type { ProductRow } from './product-columns.js';

export type NameIndex = Map<string, string>;

export function averageRating(row: Pick<ProductRow, 'ratingSum' | 'reviewCount'>): number {
  return row.reviewCount > 0 ? Math.round((row.ratingSum / row.reviewCount) * 10) / 10 : 0;
}

const refs = (ids: string[], names: NameIndex): CategoryRef[] =>
  ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ _id: id, name }];
  });

/** A row as docs/product.md#records shows a product: `_id`, populated category objects, rating fields. */
export function toProduct(row: ProductRow, categoryNames: NameIndex, subCategoryNames: NameIndex): Product {
  const rating = averageRating(row);
  return {
    _id: row.id,
    name: row.name,
    sku: row.sku,
    image: row.image,
    category: refs(row.categoryIds, categoryNames),
    subCategory: refs(row.subCategoryIds, subCategoryNames),
    unit: row.unit,
    productType: row.productType,
    stock: row.inventory.stock,
    maxPerOrder: row.maxPerOrder,
    price: row.price,
    discount: row.discount,
    hsn: row.hsn,
    gstRate: row.gstRate,
    description: row.description,
    more_details: { ...row.moreDetails, averageRating: rating, totalReviews: row.reviewCount },
    variants: row.inventory.variants.map((v) => ({ ...v })),
    inStock: row.inventory.inStock,
    averageRating: rating,
    totalReviews: row.reviewCount,
    publish: row.publish,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
