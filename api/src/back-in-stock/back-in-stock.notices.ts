import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DB, type Db } from '../db/database.js';
import { publishedByIds, type ProductRow } from '../catalog/index.js';
import { unitsOfPool } from '../inventory/index.js';
import { NoticeKinds, type NoticeJob } from '../notices/index.js';
import { ShopperNotices } from '../shopper-notices/index.js';
import { stockAlerts } from './stock-alerts.table.js';
import { openAlert } from './stock-alerts.service.js';

/** A pool came back on sale (queued by the inventory's trigger, drizzle/0040). */
interface PoolBack {
  levelId: string;
}
/** One wait to tell, with the product's name as the fan-out read it once for every wait (null: not on sale). */
interface TellWait {
  alertId: string;
  /** Absent in a part queued before the fan-out named the product: the tell reads it. */
  product?: { id: string; name: string } | null;
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
    this.kinds.register<PoolBack>('back-in-stock', { send: (p, job) => this.fanOut(p.levelId, job) }, { bulk: true });
    this.kinds.register<TellWait>('back-in-stock.tell', { send: (p, job) => this.tell(p, job) }, { bulk: true });
  }

  private async fanOut(levelId: string, job: NoticeJob): Promise<void> {
    const units = await unitsOfPool(this.db, levelId);
    if (units.length === 0) return;
    const unit = (u: { productId: string; variantId: string | null }) =>
      and(eq(stockAlerts.productId, u.productId), u.variantId === null ? isNull(stockAlerts.variantId) : eq(stockAlerts.variantId, u.variantId));
    const waits = await this.db
      .select({ id: stockAlerts.id, productId: stockAlerts.productId, variantId: stockAlerts.variantId })
      .from(stockAlerts)
      .where(and(inArray(stockAlerts.productId, [...new Set(units.map((u) => u.productId))]), or(...units.map(unit)), openAlert));
    // The products read once for all their waits, not once a wait (a restock of thousands).
    const products = new Map((await publishedByIds(this.db, [...new Set(waits.map((w) => w.productId))])).map((p) => [p.id, p]));
    for (const w of waits) {
      const product = products.get(w.productId);
      job.enqueue({
        kind: 'back-in-stock.tell',
        key: `back-in-stock:${w.id}`,
        payload: { alertId: w.id, product: product ? unitName(product, w.variantId) : null },
      });
    }
  }

  /** Ends the wait and tells its shopper (one queued part per channel); a wait removed meanwhile is not told. */
  private async tell({ alertId, product }: TellWait, job: NoticeJob): Promise<void> {
    const [wait] = await this.db
      .update(stockAlerts)
      .set({ toldAt: sql`coalesce(${stockAlerts.toldAt}, now())` })
      .where(eq(stockAlerts.id, alertId))
      .returning({ userId: stockAlerts.userId, productId: stockAlerts.productId, variantId: stockAlerts.variantId });
    if (!wait) return;
    const unit = product !== undefined ? product : await this.unitOf(wait.productId, wait.variantId);
    if (unit) await this.notices.send(job, wait.userId, 'backInStock', unit);
  }

  private async unitOf(productId: string, variantId: string | null): Promise<{ id: string; name: string } | null> {
    const [product] = await publishedByIds(this.db, [productId]);
    return product ? unitName(product, variantId) : null;
  }
}

/** The product as the notice names it: with the option's name when the wait is for an option. */
function unitName(product: ProductRow, variantId: string | null): { id: string; name: string } {
  const option = variantId ? product.inventory.variants.find((v) => v._id === variantId) : null;
  return { id: product.id, name: option ? `${product.name} (${option.name})` : product.name };
}
