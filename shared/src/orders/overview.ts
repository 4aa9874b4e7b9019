import { z } from 'zod';
import { Count, Id, numeric } from '../common/fields.js';
import { ProductRef } from '../catalog/sku.js';
import type { OrderStage } from './order-stages.js';
import type { StorePromisesKept } from './store-queue.js';

/**
 * The admin's overview at /dashboard: what sold and what waits. Revenue is the total of orders that
 * were placed and not cancelled; a card order counts once it is paid (see docs/decisions/0022).
 * Days and weeks are the shop's calendar (`OVERVIEW_TIME_ZONE`), a week starting on Monday.
 */
export const OVERVIEW_PATH = 'order/admin/overview';
export const OVERVIEW_TIME_ZONE = 'Asia/Kolkata';
export const OVERVIEW_DAYS = 30;
export const OVERVIEW_TOP_PRODUCTS = 10;
export const LOW_STOCK_DEFAULT = 5;
/** Rows of low stock per page, on the overview and in the low-stock list. */
export const LOW_STOCK_PAGE_SIZE = 20;
export const LOW_STOCK_PAGE_MAX = 100;
export const LOW_STOCK_PATH = 'order/admin/low-stock';
/** An admin's in-place stock adjustment of one sellable unit (docs/decisions/0208-bare-stock-figures.md). */
export const ADJUST_STOCK_PATH = 'product/admin/adjust-stock';

/** The orders still moving, in stage order: each is a link to Manage Orders filtered by it. */
export const WAITING_STAGES = [
  'PLACED',
  'CONFIRMED',
  'PACKED',
  'READY_FOR_PICKUP',
  'AGENT_ASSIGNED',
  'SHIPPED',
  'OUT_FOR_DELIVERY',
] as const satisfies readonly OrderStage[];
export type WaitingStage = (typeof WAITING_STAGES)[number];

const whole = (min: number, max: number) =>
  numeric(
    z
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: 'is too large' }),
  );

export const OverviewQuery = z.object({
  /** Options with fewer units to sell than this are listed as low on stock. */
  lowStock: whole(1, 100_000).default(LOW_STOCK_DEFAULT),
});
export type OverviewQuery = z.infer<typeof OverviewQuery>;

/** One page of the low-stock list: running low first, then sold out (docs/product.md#screens, Dashboard). */
export const LowStockQuery = OverviewQuery.extend({
  page: whole(1, 100_000).default(1),
  limit: whole(1, LOW_STOCK_PAGE_MAX).default(LOW_STOCK_PAGE_SIZE),
});
export type LowStockQuery = z.infer<typeof LowStockQuery>;

/** Sets one sellable unit's stock: the product's own (variantId null) or one option's. */
export const AdjustStockBody = z.object({
  /** The product's id, or `sku:` and its SKU. */
  productId: ProductRef,
  variantId: Id.nullable().default(null),
  stock: Count,
  /** The figure the admin's screen loaded: refused with the current one (409 STOCK_CHANGED) when orders moved it since. */
  expectedStock: Count,
});
export type AdjustStockBody = z.infer<typeof AdjustStockBody>;

export interface OverviewFigures {
  orders: number;
  revenue: number;
}

export interface OverviewDay extends OverviewFigures {
  /** The shop's calendar day, YYYY-MM-DD. */
  day: string;
}

export interface OverviewTopProduct {
  productId: string;
  name: string;
  units: number;
  revenue: number;
}

export interface LowStockItem {
  productId: string;
  productName: string;
  /** Null: the product's own stock (no option). */
  variantId: string | null;
  variantName: string | null;
  available: number;
}

export interface AdminOverview {
  today: OverviewFigures;
  week: OverviewFigures;
  /** The last OVERVIEW_DAYS days, oldest first, every day present (zeros included). */
  days: OverviewDay[];
  topProducts: OverviewTopProduct[];
  waiting: Record<WaitingStage, number>;
  lowStock: LowStockPage;
  /** Per dark store, its delivered express orders and how many came within the promise's minutes (docs/product.md#delivery). */
  promisesKept?: StorePromisesKept[];
  /** The notice queue (push, WhatsApp, e-mail): waiting or being sent, and given up on (docs/decisions/0040-push-notices.md). */
  notices?: { queued: number; failed: number; failedToday: number };
}

/**
 * Units under the threshold: `runningLow` (1 to threshold − 1 left) and `soldOut` (none left) counted in
 * full, `items` one page of them, running low first (fewest first), then sold out.
 */
export interface LowStockPage {
  threshold: number;
  runningLow: number;
  soldOut: number;
  total: number;
  page: number;
  limit: number;
  items: LowStockItem[];
}
