import type { CartProduct, ChosenVariant } from '../cart/cart.types.js';
import { cartLineKey } from '../catalog/variant.rules.js';
import { sellingUnit, type VariantFacts } from '../catalog/selling-unit.js';
import { DELIVERED_STAGE, isDelivered, type OrderFacts } from './order-lifecycle.js';

/** How many products Buy again shows at most (docs/product.md#buy-again-and-order-again). */
export const BUY_AGAIN_CAP = 12;

/** What the ranking reads of an order: its facts (is it delivered, and when) and which units it held. */
export interface BoughtOrder {
  facts: OrderFacts;
  /** When the order was last changed: its delivery time when its history has no delivered entry (older orders). */
  updatedAt: string;
  lines: ReadonlyArray<{ productId: string | null; variantId: string | null; variantName?: string | null }>;
}

/** One unit the shopper bought, as the ranking places it. */
export interface BoughtUnit {
  productId: string;
  variantId: string | null;
  /** How many delivered orders held it. */
  orders: number;
  /** When the latest of them was delivered (ISO time). */
  lastDeliveredAt: string;
}

/** When a delivered order was delivered: its history's latest delivered entry, else when it was last changed. */
function deliveredAt(order: BoughtOrder): string {
  const times = order.facts.statusHistory.filter((h) => h.status === DELIVERED_STAGE).map((h) => h.updatedAt);
  return times.length > 0 ? times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)) : order.updatedAt;
}

/**
 * Buy again's order (docs/product.md#buy-again-and-order-again), the one rule the API and the PWA (offline, from the orders kept on
 * the device) both run: the units (product and option) of the shopper's delivered orders, each once, by how many
 * delivered orders held it (most first), then by when the latest of them was delivered (latest first), then by
 * product and option id so that equal ones keep one order. Other orders (placed, on the way, cancelled, awaiting a
 * card) count for nothing; a line whose product was deleted, or whose option was (its id gone, its name kept), is
 * not a unit one can buy again.
 */
export function rankBoughtUnits(orders: readonly BoughtOrder[]): BoughtUnit[] {
  const units = new Map<string, BoughtUnit>();
  for (const order of orders) {
    if (!isDelivered(order.facts)) continue;
    const at = deliveredAt(order);
    const seen = new Set<string>();
    for (const line of order.lines) {
      if (!line.productId || (line.variantId === null && line.variantName)) continue;
      const key = cartLineKey(line.productId, line.variantId);
      if (seen.has(key)) continue;
      seen.add(key);
      const unit = units.get(key);
      if (!unit) units.set(key, { productId: line.productId, variantId: line.variantId, orders: 1, lastDeliveredAt: at });
      else {
        unit.orders += 1;
        if (Date.parse(at) > Date.parse(unit.lastDeliveredAt)) unit.lastDeliveredAt = at;
      }
    }
  }
  return [...units.values()].sort(
    (a, b) =>
      b.orders - a.orders ||
      Date.parse(b.lastDeliveredAt) - Date.parse(a.lastDeliveredAt) ||
      compare(a.productId, b.productId) ||
      compare(a.variantId ?? '', b.variantId ?? ''),
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A product as today's catalogue sells it, as far as Buy again needs: its own figures and its options. */
export interface ProductToday {
  _id: string;
  name: string;
  image: string[];
  unit: string;
  price: number;
  discount: number;
  stock: number;
  maxPerOrder: number;
  variants: readonly VariantFacts[];
}

/** A product of Buy again: the unit bought, at today's price and stock, with why it is there. */
export interface BuyAgainProduct extends CartProduct {
  maxPerOrder: number;
  /** The option bought, or null for a product without options. */
  variant: ChosenVariant | null;
  /** Units left now are 0: shown as sold out, not left out. */
  inStock: boolean;
  orders: number;
  lastDeliveredAt: string;
}

/**
 * The unit as it sells today, or null when it is no longer sold: its option gone, or a product now sold only in
 * options it was bought without (an unpublished or deleted product is simply not found by the caller).
 */
export function unitToday(product: ProductToday, bought: BoughtUnit): BuyAgainProduct | null {
  const variant = bought.variantId === null ? null : product.variants.find((v) => v._id === bought.variantId);
  if (variant === undefined || (variant === null && product.variants.length > 0)) return null;
  const unit = sellingUnit(product, variant);
  return {
    _id: product._id,
    name: product.name,
    image: unit.image,
    unit: product.unit,
    price: unit.price,
    discount: product.discount,
    stock: Math.max(0, unit.stock),
    maxPerOrder: product.maxPerOrder,
    variant: variant ? { _id: variant._id, name: variant.name } : null,
    inStock: unit.stock > 0,
    orders: bought.orders,
    lastDeliveredAt: bought.lastDeliveredAt,
  };
}

/**
 * Buy again's products: the ranked units still sold, at today's figures (`today` finds a unit's product, or
 * undefined when it is no longer sold), at most BUY_AGAIN_CAP of them.
 */
export function buyAgainProducts(ranked: readonly BoughtUnit[], today: (unit: BoughtUnit) => ProductToday | undefined): BuyAgainProduct[] {
  const shown: BuyAgainProduct[] = [];
  for (const unit of ranked) {
    if (shown.length >= BUY_AGAIN_CAP) break;
    const product = today(unit);
    const item = product && unitToday(product, unit);
    if (item) shown.push(item);
  }
  return shown;
}
