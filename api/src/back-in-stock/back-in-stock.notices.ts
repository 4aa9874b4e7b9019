import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DB, type Db } from '../db/database.js';
import { publishedByIds } from '../catalog/index.js';
import { unitsOfPool } from '../inventory/index.js';
import { NoticeKinds, type NoticeJob } from '../notices/index.js';
import { ShopperNotices } from '../shopper-notices/index.js';
import { stockAlerts } from './stock-alerts.table.js';
import { openAlert } from './stock-alerts.service.js';

/** A pool came back on sale (queued by the inventory's trigger, drizzle/0040). */
interface PoolBack {
  levelId: string;
}
/** One wait to tell. */
interface TellWait {
  alertId: string;
}

/**
 * Back in stock (docs/product.md#back-in-stock): a pool's return to stock fans out to one notice per open wait on
 * the units it sells, each keyed by its wait, so a wait is told once however often its pool comes and goes; telling
 * ends the wait. Both run in the durable notice queue (api/src/notices), never in a request.
 */
@Injectable()
export class BackInStockNotices implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly kinds: NoticeKinds,
    private readonly notices: ShopperNotices,
  ) {}

  onModuleInit(): void {
    this.kinds.register<PoolBack>('back-in-stock', { send: (p, job) => this.fanOut(p.levelId, job) });
    this.kinds.register<TellWait>('back-in-stock.tell', { send: (p, job) => this.tell(p.alertId, job) });
  }

  private async fanOut(levelId: string, job: NoticeJob): Promise<void> {
    const units = await unitsOfPool(this.db, levelId);
    if (units.length === 0) return;
    const unit = (u: { productId: string; variantId: string | null }) =>
      and(eq(stockAlerts.productId, u.productId), u.variantId === null ? isNull(stockAlerts.variantId) : eq(stockAlerts.variantId, u.variantId));
    const waits = await this.db
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(and(inArray(stockAlerts.productId, [...new Set(units.map((u) => u.productId))]), or(...units.map(unit)), openAlert));
    for (const w of waits) job.enqueue({ kind: 'back-in-stock.tell', key: `back-in-stock:${w.id}`, payload: { alertId: w.id } });
  }

  /** Ends the wait and tells its shopper (one queued part per channel); a wait removed meanwhile is not told. */
  private async tell(alertId: string, job: NoticeJob): Promise<void> {
    const [wait] = await this.db
      .update(stockAlerts)
      .set({ toldAt: sql`coalesce(${stockAlerts.toldAt}, now())` })
      .where(eq(stockAlerts.id, alertId))
      .returning({ userId: stockAlerts.userId, productId: stockAlerts.productId, variantId: stockAlerts.variantId });
    if (!wait) return;
    const [product] = await publishedByIds(this.db, [wait.productId]);
    if (!product) return;
    const option = wait.variantId ? product.inventory.variants.find((v) => v._id === wait.variantId) : null;
    const name = option ? `${product.name} (${option.name})` : product.name;
    await this.notices.send(job, wait.userId, 'backInStock', { id: product.id, name });
  }
}
