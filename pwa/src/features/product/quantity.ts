import { lineMax } from '@haat/shared/cart/cart.rules';

/** docs/product.md#states: the most the quantity box holds: stock and `maxPerOrder` (10 when unknown), at least 1. */
export function quantityMax(stock: number | undefined | null, maxPerOrder?: number): number {
  return typeof stock === 'number' && Number.isFinite(stock) && stock >= 1 ? Math.max(1, lineMax({ stock, maxPerOrder })) : 1;
}

/** The chosen quantity kept between 1 and quantityMax. */
export function clampQuantity(quantity: number, stock: number | undefined | null, maxPerOrder?: number): number {
  const q = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  return Math.min(Math.max(q, 1), quantityMax(stock, maxPerOrder));
}
