import { discountedPrice, lineSubtotal, roundMoney, totalsOf } from '@haat/shared/money/pricing';
import type { CartProduct } from '@haat/shared/cart/cart.types';
import type { CurrentTotals, OrderLine } from '@haat/shared/orders/order.types';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';

/** What the order needs to know about a product, read from our own table (never from the client). */
export interface SaleableProduct extends Omit<CartProduct, '_id'> {
  id: string;
  publish: boolean;
}

export interface PricedOrder {
  lines: OrderLine[];
  subTotalAmt: number;
  /** Delivery is always free (spec §9), so the total equals the subtotal. */
  totalAmt: number;
  itemsTotal: number;
  savings: number;
  quantity: number;
}

/** Prices every line with the shared rules (spec §9) from the server's own product rows. */
export function priceOrder(items: ReadonlyArray<{ productId: string; quantity: number }>, products: ReadonlyMap<string, SaleableProduct>): PricedOrder {
  const lines: OrderLine[] = items.map((item) => {
    const p = products.get(item.productId);
    if (!p) throw new Error(`priceOrder: product ${item.productId} was not loaded`);
    const priced = { price: p.price, discount: p.discount, quantity: item.quantity };
    return {
      productId: p.id,
      name: p.name,
      image: p.image,
      unit: p.unit,
      quantity: item.quantity,
      price: p.price,
      discount: p.discount,
      unitPrice: discountedPrice(p.price, p.discount),
      subTotalAmt: lineSubtotal(priced),
    };
  });
  const totals = totalsOf(lines);
  return {
    lines,
    subTotalAmt: totals.grandTotal,
    totalAmt: totals.grandTotal,
    itemsTotal: totals.itemsTotal,
    savings: totals.savings,
    quantity: totals.quantityTotal,
  };
}

export function currentTotals(priced: PricedOrder): CurrentTotals {
  return {
    totalAmt: priced.totalAmt,
    subTotalAmt: priced.subTotalAmt,
    itemsTotal: priced.itemsTotal,
    savings: priced.savings,
    product_details: priced.lines.map(({ productId, name, quantity, price, discount, unitPrice, subTotalAmt }) => ({
      productId,
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
  if (Math.abs(roundMoney(clientTotal) - priced.totalAmt) >= 0.005) throw priceChanged(priced);
}

export function priceChanged(priced: PricedOrder): AppError {
  return new AppError(409, ErrorCode.PriceChanged, 'Prices have changed since your cart was loaded. Please review the new total and place the order again.', {
    current: currentTotals(priced),
  });
}
