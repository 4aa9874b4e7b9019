import { Inject, Injectable } from '@nestjs/common';
import { decimalText, paise } from '@haat/shared/money/paise';
import { productsBySku } from '../catalog/index.js';
import { AppError } from '../common/app-error.js';
import { DB, STATEMENT, type Db, type NamedStatement } from '../db/database.js';
import { optionSkuOwners } from '../inventory/index.js';
import { loadSaleable, priceOrder, stockOf, type OrderItem, type PricedOrder } from '../orders/index.js';
import { ONDC_ERRORS, type OndcError } from './beckn-context.js';

/** A line a buyer app asks for: the item's id (our SKU) and how many. */
export interface NetworkLine {
  id: string;
  count: number;
}

/** A network order's lines priced by the shop's own rules, with what cannot be had. */
export interface NetworkQuote {
  /** Each asked line: its item, and the count the shop can sell (the asked count, or less when short). */
  lines: Array<{ id: string; item: OrderItem; asked: number; name: string; maximum: number }>;
  priced: PricedOrder;
  /** 40002 naming the short items, or null when every line can be had. */
  shortage: OndcError | null;
}

/** A refusal of the whole quote: an item the shop does not sell (30004). */
export class NetworkItemsRefused extends Error {
  constructor(readonly error: OndcError) {
    super(error.message);
  }
}

/**
 * The shop's pricing of a buyer app's lines (docs/product.md#selling-on-ondc): item ids are SKUs (a product's or an
 * option's), priced by the same rules and rows as the PWA's checkout (the orders' priceOrder), and answered in
 * ONDC's quote, whose breakup adds up to its price to the paisa.
 */
@Injectable()
export class NetworkQuotes {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(STATEMENT) private readonly statement: NamedStatement,
  ) {}

  async quote(asked: readonly NetworkLine[]): Promise<NetworkQuote> {
    const owners = await this.owners(asked.map((l) => l.id));
    const missing = asked.filter((l) => !owners.has(l.id.toUpperCase()));
    if (missing.length) throw notSold(missing.map((l) => l.id));
    const ids = [...new Set([...owners.values()].map((o) => o.productId))];
    let saleable: Awaited<ReturnType<typeof loadSaleable>>;
    try {
      saleable = await loadSaleable(this.statement, ids);
    } catch (error) {
      if (error instanceof AppError) throw notSold(asked.map((l) => l.id));
      throw error;
    }
    const lines = asked.map((line) => {
      const owner = owners.get(line.id.toUpperCase()) as { productId: string; variantId: string | null };
      const product = saleable.get(owner.productId);
      const stock = product ? stockOf(product, owner.variantId).stock : 0;
      const maximum = Math.max(0, Math.min(stock, product?.maxPerOrder ?? 0));
      return { id: line.id, asked: line.count, name: product?.name ?? line.id, maximum, item: { ...owner, quantity: Math.min(line.count, maximum) } };
    });
    const short = lines.filter((l) => l.item.quantity < l.asked);
    const priced = priceOrder(
      lines.filter((l) => l.item.quantity > 0).map((l) => l.item),
      saleable,
    );
    const shortage: OndcError | null = short.length
      ? {
          type: 'DOMAIN-ERROR',
          code: ONDC_ERRORS.itemQuantityUnavailable,
          message: JSON.stringify(short.map((l) => ({ item_id: l.id, error: ONDC_ERRORS.itemQuantityUnavailable }))),
        }
      : null;
    return { lines, priced, shortage };
  }

  /** The products (and options) the SKUs name, by SKU in capitals. */
  private async owners(skus: readonly string[]): Promise<Map<string, { productId: string; variantId: string | null }>> {
    const upper = [...new Set(skus.map((s) => s.toUpperCase()))];
    const [options, products] = await Promise.all([optionSkuOwners(this.db, upper), this.db.execute(productsBySku(upper))]);
    const found = new Map<string, { productId: string; variantId: string | null }>();
    for (const row of (products as { rows: Array<{ id: string; sku: string }> }).rows) found.set(row.sku, { productId: row.id, variantId: null });
    for (const o of options) found.set(o.sku.toUpperCase(), { productId: o.productId, variantId: o.variantId });
    return found;
  }
}

function notSold(ids: readonly string[]): NetworkItemsRefused {
  return new NetworkItemsRefused({ type: 'DOMAIN-ERROR', code: ONDC_ERRORS.itemNotFound, message: `Not sold here: ${ids.join(', ')}` });
}

/** ONDC's quote of priced lines: an item entry per line, delivery (free in this shop), and the price they add up to. */
export function quoteMessage(quote: NetworkQuote, fulfilmentId = '1') {
  const pricedBySku = new Map<string, PricedOrder['lines'][number]>();
  for (const line of quote.lines) {
    const priced = quote.priced.lines.find((p) => p.productId === line.item.productId && p.variantId === line.item.variantId);
    if (priced) pricedBySku.set(line.id, priced);
  }
  const breakup = quote.lines.map((line) => {
    const priced = pricedBySku.get(line.id);
    return {
      '@ondc/org/item_id': line.id,
      '@ondc/org/item_quantity': { count: line.item.quantity },
      title: line.name,
      '@ondc/org/title_type': 'item',
      price: { currency: 'INR', value: decimalText(paise(priced?.subTotalAmt ?? 0)) },
      item: {
        quantity: { available: { count: line.maximum > 0 ? '99' : '0' }, maximum: { count: String(line.maximum) } },
        price: { currency: 'INR', value: decimalText(paise(priced?.unitPrice ?? 0)) },
      },
    };
  });
  breakup.push({
    '@ondc/org/item_id': fulfilmentId,
    title: 'Delivery charges',
    '@ondc/org/title_type': 'delivery',
    price: { currency: 'INR', value: decimalText(paise(0)) },
  } as (typeof breakup)[number]);
  return { price: { currency: 'INR', value: decimalText(paise(quote.priced.totalAmt)) }, breakup, ttl: 'P1D' };
}
