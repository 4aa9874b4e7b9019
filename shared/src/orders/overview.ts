import { z } from 'zod';
import { numeric } from '../common/fields.js';
import type { OrderStage } from './order-stages.js';

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
export const LOW_STOCK_LIST_MAX = 50;

/** The orders still moving, in stage order: each is a link to Manage Orders filtered by it. */
export const WAITING_STAGES = ['PLACED', 'CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY'] as const satisfies readonly OrderStage[];
export type WaitingStage = (typeof WAITING_STAGES)[number];

export const OverviewQuery = z.object({
  /** Options with fewer units to sell than this are listed as low on stock. */
  lowStock: numeric(
    z
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(100_000, { error: 'is too large' }),
  ).default(LOW_STOCK_DEFAULT),
});
export type OverviewQuery = z.infer<typeof OverviewQuery>;

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
  lowStock: { threshold: number; items: LowStockItem[] };
}
