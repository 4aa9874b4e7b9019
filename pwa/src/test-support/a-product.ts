import type { Product } from '@haat/shared/catalog/catalog.types';

/** A complete wire product for tests; override what a test is about. */
export function aProduct(over: Partial<Product> = {}): Product {
  return {
    _id: '01PROD',
    name: 'boAt Airdopes, Black & Blue',
    sku: 'BOAT-AIRDOPES-BLACK',
    image: ['/uploads/abc-large.webp', '/uploads/def-large.webp'],
    category: [{ _id: 'C1', name: 'Earbuds' }],
    subCategory: [{ _id: 'S1', name: 'True Wireless Earbuds' }],
    unit: '1 pair',
    productType: 'fixed',
    stock: 5,
    maxPerOrder: 10,
    price: 999,
    discount: 15,
    hsn: '851830',
    gstRate: 18,
    description: 'Wireless earbuds',
    more_details: {},
    variants: [],
    inStock: true,
    averageRating: 4.26,
    totalReviews: 12,
    publish: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}
