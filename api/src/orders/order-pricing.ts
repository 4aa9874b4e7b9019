import { discountedPrice, lineSubtotal, totalAfterCoupon, totalsOf } from '@haat/shared/money/pricing';
import { paise } from '@haat/shared/money/paise';
import type { CartProduct } from '@haat/shared/cart/cart.types';
import type { CurrentTotals, OrderLine } from '@haat/shared/orders/order.types';
import { sellingUnit, type VariantFacts } from '@haat/shared/catalog/selling-unit';
import { chosenVariant } from '../catalog/index.js';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';

/** What the order needs to know about a product, read from our own table (never from the client). */
export interface SaleableProduct extends Omit<CartProduct, '_id'> {
  id: string;
  variants: VariantFacts[];
  publish: boolean;
  /** Most units of it one line may hold. */
  maxPerOrder: number;
}

/** An order line as priced. */
export type PricedLine = OrderLine;

/** One line of an order request: a product, the variant chosen (or null) and how many. */
export interface OrderItem {
  productId: string;
  variantId: string | null;
  quantity: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  subTotalAmt: number;
  /** The subtotal less a coupon's discount; delivery is always free (docs/product.md#rules-and-limits). */
  totalAmt: number;
  /** The coupon applied (withCoupon) and what it takes off; null and 0 without one. */
  couponCode: string | null;
  discountAmt: number;
  itemsTotal: number;
  savings: number;
  quantity: number;
}

/**
 * Prices every line with the shared rules (docs/product.md#rules-and-limits) from the server's own product rows; a line with
 * a variant sells at the variant's price and shows its images where it has them (docs/product.md#states).
 */
export function priceOrder(items: ReadonlyArray<OrderItem>, products: ReadonlyMap<string, SaleableProduct>): PricedOrder {
  const lines: PricedLine[] = items.map((item) => {
    const p = products.get(item.productId);
    if (!p) throw new Error(`priceOrder: product ${item.productId} was not loaded`);
    const variant = chosenVariant(p, item.variantId);
    const unit = sellingUnit(p, variant);
    const priced = { price: unit.price, discount: p.discount, quantity: item.quantity };
    return {
      productId: p.id,
      variantId: variant?._id ?? null,
      variantName: variant?.name ?? null,
      name: p.name,
      image: unit.image,
      unit: p.unit,
      quantity: item.quantity,
      price: unit.price,
      discount: p.discount,
      unitPrice: discountedPrice(unit.price, p.discount),
      subTotalAmt: lineSubtotal(priced),
    };
  });
  const totals = totalsOf(lines);
  return {
    lines,
    subTotalAmt: totals.grandTotal,
    totalAmt: totals.grandTotal,
    couponCode: null,
    discountAmt: 0,
    itemsTotal: totals.itemsTotal,
    savings: totals.savings,
    quantity: totals.quantityTotal,
  };
}

/** The order with a coupon's discount taken off its subtotal (the discount from the coupon's rule). */
export function withCoupon(priced: PricedOrder, couponCode: string, discountAmt: number): PricedOrder {
  return { ...priced, couponCode, discountAmt, totalAmt: totalAfterCoupon(priced.subTotalAmt, discountAmt) };
}

export function currentTotals(priced: PricedOrder): CurrentTotals {
  return {
    totalAmt: priced.totalAmt,
    subTotalAmt: priced.subTotalAmt,
    itemsTotal: priced.itemsTotal,
    savings: priced.savings,
    couponCode: priced.couponCode,
    discountAmt: priced.discountAmt,
    product_details: priced.lines.map(({ productId, variantId, variantName, name, quantity, price, discount, unitPrice, subTotalAmt }) => ({
      productId,
      variantId,
      variantName,
      name,
      quantity,
      price,
      discount,
      unitPrice,
      subTotalAmt,
    })),
  };
}

/** The shopper must have seen the total they are charged: a stale total is a 409 with the current one. */
export function assertClientTotal(clientTotal: number, priced: PricedOrder): void {
  if (paise(clientTotal) !== paise(priced.totalAmt)) throw priceChanged(priced);
}

export function priceChanged(priced: PricedOrder): AppError {
  return new AppError(409, ErrorCode.PriceChanged, 'Prices have changed since your cart was loaded. Please review the new total and place the order again.', {
    current: currentTotals(priced),
  });
}
