import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import type { Relation } from '../db/relation.js';
import { violatedCheck } from '../common/unique-violation.js';
import { couponRedemptions, coupons, type CouponRow } from './coupons.table.js';

/** The coupon with this (normalised) code, if any. */
export async function couponByCode(db: Pick<Db, 'select'>, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row;
}

/** How often this account has used this coupon (orders not cancelled). */
export async function couponUsesBy(db: Pick<Db, 'select'>, couponId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ uses: couponRedemptions.uses })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return row?.uses ?? 0;
}

export function allCoupons(db: Pick<Db, 'select'>): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
}

/**
 * The coupon uses of the orders a statement places, as parts of it (see orders/order-statement.ts): each
 * coupon's `used` and each account's redemption go up by the orders that apply it. `uses` has one row per
 * placed order with a coupon: the coupon, the account, and how often one account may use it (`per_account`). Past the coupon's total or the account's cap, a row's check fails the whole
 * statement, the orders and their stock with it (couponLimitViolated tells which).
 */
export function takeCouponUses(uses: Relation<{ coupon_id: string; user_id: string; per_account: number }>): SQL {
  return sql`coupon_want as (
      select u.coupon_id, u.user_id, count(*)::int as uses, min(u.per_account)::int as per_account from ${uses.sql} u group by u.coupon_id, u.user_id
    ), coupon_taken as (
      update coupons c set used = c.used + (select sum(w.uses) from coupon_want w where w.coupon_id = c.id), updated_at = now()
      where c.id = any(array(select coupon_id from coupon_want))
      returning c.id
    ), coupon_redeemed as (
      insert into coupon_redemptions (coupon_id, user_id, uses, cap) select w.coupon_id, w.user_id, w.uses, w.per_account from coupon_want w
      where exists (select 1 from coupon_taken)
      on conflict (coupon_id, user_id) do update set uses = coupon_redemptions.uses + excluded.uses, cap = excluded.cap
    )`;
}

/** Which coupon limit a failed order statement ran into, if it was one. */
export function couponLimitViolated(error: unknown): 'total' | 'account' | null {
  const constraint = violatedCheck(error);
  return constraint === 'coupons_within_total_uses' ? 'total' : constraint === 'coupon_redemptions_within_cap' ? 'account' : null;
}

/** A cancelled order gives its use of the coupon back, to the coupon and to the account. */
export async function releaseCouponUse(tx: Pick<Db, 'update'>, couponId: string, userId: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ used: sql`greatest(${coupons.used} - 1, 0)`, updatedAt: new Date() })
    .where(eq(coupons.id, couponId));
  await tx
    .update(couponRedemptions)
    .set({ uses: sql`greatest(${couponRedemptions.uses} - 1, 0)` })
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
}
