import { NoticesService } from '../notices/index.js';
import { addRupees } from '@haat/shared/money/pricing';
import { roundRupees } from '@haat/shared/money/paise';
import { Inject, Injectable } from '@nestjs/common';
import {
  LOW_STOCK_PAGE_SIZE,
  OVERVIEW_DAYS,
  OVERVIEW_TIME_ZONE,
  OVERVIEW_TOP_PRODUCTS,
  WAITING_STAGES,
  type AdminOverview,
  type LowStockPage,
  type OverviewDay,
  type WaitingStage,
} from '@haat/shared/orders/overview';
import { REPORT_DB, type Db } from '../db/database.js';
import { lowStockUnits } from '../inventory/index.js';
import { ordersAtStages } from './orders.repository.js';
import { promisesKept } from './store-queue.js';
import { rollUpDays, soldPerDay, topSoldProducts } from './overview.repository.js';

/**
 * The admin's overview: sales figures from the roll-up of closed days plus today's orders (kept exact by
 * triggers on the orders: docs/decisions/0232-the-overview-rolls-up-closed-days.md), stock from the inventory.
 * Its statements run on the report pool (DatabaseHandle.reportDb), so however many admins' screens
 * ask at once, the main pool's connections stay free for health checks, carts and orders; and calls
 * that arrive while one is being worked out for the same threshold share its answer (figures as of
 * that moment, the same a call a few milliseconds earlier would have had).
 */
@Injectable()
export class OverviewService {
  private readonly working = new Map<number, Promise<AdminOverview>>();

  constructor(
    @Inject(REPORT_DB) private readonly db: Db,
    private readonly notices: NoticesService,
  ) {}

  overview(lowStockThreshold: number): Promise<AdminOverview> {
    let answer = this.working.get(lowStockThreshold);
    if (!answer) {
      answer = this.workOut(lowStockThreshold).finally(() => this.working.delete(lowStockThreshold));
      this.working.set(lowStockThreshold, answer);
    }
    return answer;
  }

  /** One page of the units under the threshold, running low first, with both groups counted. */
  lowStock(threshold: number, page: number, limit: number): Promise<LowStockPage> {
    return lowStockUnits(this.db, threshold, page, limit);
  }

  private async workOut(lowStockThreshold: number): Promise<AdminOverview> {
    const [sold, topProducts, atStages, lowStock, kept, notices] = await Promise.all([
      soldPerDay(this.db, OVERVIEW_TIME_ZONE, OVERVIEW_DAYS),
      topSoldProducts(this.db, OVERVIEW_TIME_ZONE, OVERVIEW_DAYS, OVERVIEW_TOP_PRODUCTS),
      ordersAtStages(this.db, WAITING_STAGES),
      lowStockUnits(this.db, lowStockThreshold, 1, LOW_STOCK_PAGE_SIZE),
      promisesKept(this.db),
      this.notices.counts(this.db),
    ]);
    // Closed days read from the orders this time (the first call of a day, or a day whose orders changed):
    // rolled up now, so the next call reads them from their row.
    await rollUpDays(this.db, OVERVIEW_TIME_ZONE, sold.notRolledUp);
    const byDay = new Map(sold.perDay.map((d) => [d.day, d]));
    const days: OverviewDay[] = calendarDays(sold.today, OVERVIEW_DAYS).map((day) => {
      const found = byDay.get(day);
      return { day, orders: found ? Number(found.orders) : 0, revenue: found ? roundRupees(Number(found.revenue)) : 0 };
    });
    const sum = (list: OverviewDay[]) => ({ orders: list.reduce((n, d) => n + d.orders, 0), revenue: addRupees(list.map((d) => d.revenue)) });
    const waiting = Object.fromEntries(WAITING_STAGES.map((s) => [s, atStages.get(s) ?? 0])) as Record<WaitingStage, number>;
    return {
      today: sum(days.filter((d) => d.day === sold.today)),
      week: sum(days.filter((d) => d.day >= sold.weekStart)),
      days,
      topProducts: topProducts.map((p) => ({ ...p, revenue: roundRupees(p.revenue) })),
      waiting,
      lowStock,
      promisesKept: kept,
      notices,
    };
  }
}

/** The `count` calendar days ending with `last` (YYYY-MM-DD), oldest first. */
function calendarDays(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}
