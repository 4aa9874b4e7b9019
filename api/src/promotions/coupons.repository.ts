import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Slot } from '../db/database.js';
import { violatedCheck } from '../common/unique-violation.js';
import { couponRedemptions, coupons, type CouponRow } from './coupons.table.js';

/** The coupon with this (normalised) code, if any. */
export async function couponByCode(db: Pick<Db, 'select'>, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row;
}

export function allCoupons(db: Pick<Db, 'select'>): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
}

/**
 * An order's use of a coupon, as parts of the order's statement (see orders/order-statement.ts), run
 * only `when` the order is written: the coupon's `used` and the account's redemption go up by one.
 * Past the coupon's total or the account's cap, a row's check fails the whole statement, the order and
 * its stock with it (isCouponLimitViolation tells which).
 */
export function couponUse(slots: { couponId: Slot; userId: Slot; perAccount: Slot }, when: SQL): SQL {
  return sql`coupon_taken as (
      update coupons set used = coupons.used + 1, updated_at = now() where id = ${slots.couponId}::text and ${when}
      returning id
    ), coupon_redeemed as (
      insert into coupon_redemptions (coupon_id, user_id, uses, cap) select id, ${slots.userId}::text, 1, ${slots.perAccount}::int from coupon_taken
      on conflict (coupon_id, user_id) do update set uses = coupon_redemptions.uses + 1, cap = excluded.cap
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
