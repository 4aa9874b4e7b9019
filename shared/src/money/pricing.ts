/**
 * docs/product.md#rules-and-limits: the discounted price is the price minus the rounded-up discount amount,
 * where discount is a percentage of price. Totals keep 2 decimals.
 * Every amount the shop shows or charges is computed here, on both sides of the wire.
 */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

export function discountAmount(price: number, discountPercent: number | null | undefined): number {
  const pct = Math.min(Math.max(Number(discountPercent) || 0, 0), 100);
  return Math.ceil((price * pct) / 100);
}

export function discountedPrice(price: number, discountPercent: number | null | undefined): number {
  return roundMoney(Math.max(price - discountAmount(price, discountPercent), 0));
}

export interface PricedLine {
  price: number;
  discount?: number | null;
  quantity: number;
}

export interface Totals {
  /** Sum of undiscounted prices × quantity (shown struck through). */
  itemsTotal: number;
  /** What the shopper pays: sum of discounted line subtotals. */
  grandTotal: number;
  /** itemsTotal − grandTotal. */
  savings: number;
  /** Number of units across all lines. */
  quantityTotal: number;
}

export function lineSubtotal(line: PricedLine): number {
  return roundMoney(discountedPrice(line.price, line.discount) * line.quantity);
}

export function totalsOf(lines: readonly PricedLine[]): Totals {
  let itemsTotal = 0;
  let grandTotal = 0;
  let quantityTotal = 0;
  for (const line of lines) {
    itemsTotal += line.price * line.quantity;
    grandTotal += lineSubtotal(line);
    quantityTotal += line.quantity;
  }
  itemsTotal = roundMoney(itemsTotal);
  grandTotal = roundMoney(grandTotal);
  return { itemsTotal, grandTotal, savings: roundMoney(itemsTotal - grandTotal), quantityTotal };
}
