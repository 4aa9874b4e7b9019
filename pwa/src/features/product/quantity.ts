/** docs/product.md#states: the chosen quantity stays between 1 and stock (1 when stock is unknown or zero). */
export function clampQuantity(quantity: number, stock: number | undefined | null): number {
  const max = typeof stock === 'number' && Number.isFinite(stock) && stock >= 1 ? Math.floor(stock) : 1;
  const q = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  return Math.min(Math.max(q, 1), max);
}
