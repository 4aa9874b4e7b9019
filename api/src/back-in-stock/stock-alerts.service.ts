import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, isNull, not, sql } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import { LIMITS } from '@haat/shared/common/limits';
import { sellingUnit } from '@haat/shared/catalog/selling-unit';
import type { NotifyMeBody, StockAlert, StockAlertCounts } from '@haat/shared/notify-me/notify-me.schema';
import { DB, type Db } from '../db/database.js';
import { AppError, notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { chosenVariant, publishedByIds, type ProductRow } from '../catalog/index.js';
import { lockUser } from '../users/index.js';
import { RateLimited } from '../throttle/index.js';
import { stockAlerts } from './stock-alerts.table.js';
import { NotifyMeChannels } from './notify-me-channels.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A wait still open: not yet told, and younger than LIMITS.stockAlertDays (docs/product.md#back-in-stock). */
export const openAlert = sql`(${stockAlerts.toldAt} is null and ${stockAlerts.createdAt} > now() - interval '${sql.raw(String(LIMITS.stockAlertDays))} days')`;

/** The unit a wait names: the option, or the product's own unit when none is named. */
const sameUnit = (variantId: string | null) => (variantId === null ? isNull(stockAlerts.variantId) : eq(stockAlerts.variantId, variantId));

/** A product's unit as the shopper picks it: what it can sell now, and the option's name. */
function unitOf(product: ProductRow, variantId: string | null) {
  const variant = chosenVariant({ id: product.id, name: product.name, variants: product.inventory.variants }, variantId);
  const unit = sellingUnit({ price: Number(product.price), stock: product.inventory.stock, image: product.image }, variant);
  return { variant, unit };
}

/**
 * The day's bound on waits an account opens (LIMITS.stockAlertsPerDay), told ones included: each wait is a notice when its
 * unit comes back, so "buy the last unit, Notify me, cancel" repeated is as many notices a day as this, however the hours
 * go (the route's hourly limit allows 24 times it). Past it: RateLimited, until the day's oldest wait is a day old.
 */
async function refusePastDailyWaits(tx: Pick<Db, 'select'>, userId: string): Promise<void> {
  const [day] = await tx
    .select({ n: count(), wait: sql<number>`ceil(extract(epoch from min(${stockAlerts.createdAt}) + interval '1 day' - now()))::int` })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), sql`${stockAlerts.createdAt} > now() - interval '1 day'`));
  if (day && Number(day.n) >= LIMITS.stockAlertsPerDay) throw new RateLimited(Math.max(1, Number(day.wait)));
}

/**
 * "Notify me" (docs/product.md#back-in-stock): a signed-in shopper waits for a sold-out product or option to come
 * back. Only a unit that cannot be bought now takes a wait; an account keeps at most LIMITS.maxStockAlertsPerAccount
 * open at once. The inventory's return to stock tells every open wait once and ends it (back-in-stock.sql).
 */
@Injectable()
export class StockAlertsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly channels: NotifyMeChannels,
  ) {}

  /**
   * Opens a wait; a second ask for the same unit changes nothing. Answers whether a new wait was opened. Only a wait
   * some channel can tell is taken (NotifyMeChannels: 409 NO_CHANNEL, or the chosen `channels` turned on with it).
   */
  async subscribe(userId: string, body: NotifyMeBody): Promise<boolean> {
    const variantId = body.variantId ?? null;
    const [product] = await publishedByIds(this.db, [body.productId]);
    if (!product) throw notFound('Product');
    const { variant, unit } = unitOf(product, variantId);
    if (unit.stock > 0) {
      const name = variant ? `${product.name} (${variant.name})` : product.name;
      throw new AppError(409, ErrorCode.InStock, `${name} is in stock now: add it to your cart instead.`, {
        productId: product.id,
        ...(variantId ? { variantId } : {}),
        available: unit.stock,
      });
    }
    const consents = await this.channels.keepWord(userId, body.channels);
    return this.db.transaction(async (tx) => {
      // One ask at a time per account, so two at once cannot both take the last place.
      await lockUser(tx, userId);
      await this.channels.store(tx, userId, consents);
      const mine = and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, product.id), sameUnit(variantId), isNull(stockAlerts.toldAt));
      // A wait that ended by age was never told: it makes way for the new one.
      await tx.delete(stockAlerts).where(and(mine, not(openAlert)));
      const [open] = await tx.select({ id: stockAlerts.id }).from(stockAlerts).where(mine);
      if (open) return false;
      await refusePastDailyWaits(tx, userId);
      const [{ n }] = (await tx
        .select({ n: count() })
        .from(stockAlerts)
        .where(and(eq(stockAlerts.userId, userId), openAlert))) as [{ n: number }];
      if (n >= LIMITS.maxStockAlertsPerAccount) {
        throw new AppError(
          409,
          ErrorCode.AlertLimit,
          `You can wait for at most ${LIMITS.maxStockAlertsPerAccount} products at once. Remove one from your "Notify me" list to add another.`,
          { limit: LIMITS.maxStockAlertsPerAccount },
        );
      }
      await tx.insert(stockAlerts).values({ id: newId(), userId, productId: product.id, variantId });
      return true;
    });
  }

  /** Ends an open wait; removing what is not there is not an error (a device outbox may replay it). */
  async remove(userId: string, body: NotifyMeBody): Promise<void> {
    await this.db
      .delete(stockAlerts)
      .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, body.productId), sameUnit(body.variantId ?? null), isNull(stockAlerts.toldAt)));
  }

  /** The shopper's open waits, newest first, with what cards show of each unit (unpublished products hidden). */
  async list(userId: string): Promise<StockAlert[]> {
    const waits = await this.db
      .select({ productId: stockAlerts.productId, variantId: stockAlerts.variantId, createdAt: stockAlerts.createdAt })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.userId, userId), openAlert))
      .orderBy(desc(stockAlerts.createdAt), desc(stockAlerts.id));
    const products = new Map((await publishedByIds(this.db, [...new Set(waits.map((w) => w.productId))])).map((p) => [p.id, p]));
    // Every wait of an account is told by the same channels: its back-in-stock switches where they can reach it.
    const channels = waits.length ? await this.channels.reachOf(userId) : [];
    return waits.flatMap(({ productId, variantId, createdAt }) => {
      const product = products.get(productId);
      const variant = variantId === null ? null : product?.inventory.variants.find((v) => v._id === variantId);
      if (!product || variant === undefined) return [];
      const unit = sellingUnit({ price: Number(product.price), stock: product.inventory.stock, image: product.image }, variant);
      return [
        {
          productId,
          variantId,
          name: product.name,
          variantName: variant?.name ?? null,
          image: unit.image,
          price: unit.price,
          discount: Number(product.discount),
          inStock: unit.stock > 0,
          createdAt: createdAt.toISOString(),
          endsAt: new Date(createdAt.getTime() + LIMITS.stockAlertDays * DAY_MS).toISOString(),
          channels,
        },
      ];
    });
  }

  /** How many open waits a product has, for its own unit and each option (the admin's product screen). */
  async counts(productId: string): Promise<StockAlertCounts> {
    const rows = await this.db
      .select({ variantId: stockAlerts.variantId, n: count() })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.productId, productId), openAlert))
      .groupBy(stockAlerts.variantId);
    const byVariant: Record<string, number> = {};
    let waiting = 0;
    for (const r of rows) {
      waiting += Number(r.n);
      if (r.variantId) byVariant[r.variantId] = Number(r.n);
    }
    return { productId, waiting, byVariant };
  }
}
