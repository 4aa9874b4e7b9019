import { add, paise, rupees, salePrice, subtract, sum, times, type Paise } from './paise.js';

/**
 * docs/product.md#rules-and-limits: the discounted price is the price minus the rounded-up discount amount,
 * where discount is a percentage of price. These take and give rupees, as the cart, the order lines and
 * the wire carry them; the arithmetic is paise.ts's, the one owner of money.
 */
export function discountAmount(price: number, discountPercent: number | null | undefined): number {
  const whole = paise(price);
  return rupees(subtract(whole, salePrice(whole, discountPercent)));
}

export function discountedPrice(price: number, discountPercent: number | null | undefined): number {
  return rupees(salePrice(paise(price), discountPercent));
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

function lineSubtotalPaise(line: PricedLine): Paise {
  return times(salePrice(paise(line.price), line.discount), line.quantity);
}

export function lineSubtotal(line: PricedLine): number {
  return rupees(lineSubtotalPaise(line));
}

export function totalsOf(lines: readonly PricedLine[]): Totals {
  const items = sum(lines.map((l) => times(paise(l.price), l.quantity)));
  const grand = sum(lines.map(lineSubtotalPaise));
  const quantityTotal = lines.reduce((n, l) => n + l.quantity, 0);
  return { itemsTotal: rupees(items), grandTotal: rupees(grand), savings: rupees(subtract(items, grand)), quantityTotal };
}

/** What is paid after a coupon's discount (never below zero): the API's order total and the checkout's bill alike. */
export function totalAfterCoupon(subTotal: number, discount: number): number {
  return rupees(subtract(paise(subTotal), paise(discount), true));
}

/** Rupee amounts added exactly (a day's revenue, a return's items). */
export function addRupees(amounts: readonly number[]): number {
  return rupees(add(...amounts.map(paise)));
}
