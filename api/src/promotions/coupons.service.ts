import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { CouponTerms, type Coupon, type CreateCouponBody, type UpdateCouponBody } from '@haat/shared/promotions/coupon.schema';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError, notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { describeIssues } from '../common/zod-body.pipe.js';
import { DB, type Db } from '../db/database.js';
import { allCoupons } from './coupons.repository.js';
import { coupons, type CouponRow } from './coupons.table.js';

/** The admin's coupons: made, listed, changed and disabled (never deleted: orders name them). */
@Injectable()
export class CouponsService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async create(body: CreateCouponBody): Promise<Coupon> {
    try {
      const [row] = await this.db
        .insert(coupons)
        .values({ id: newId(), ...body, startsAt: new Date(body.startsAt), endsAt: new Date(body.endsAt) })
        .returning();
      return toCoupon(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken(body.code);
      throw error;
    }
  }

  async list(): Promise<Coupon[]> {
    return (await allCoupons(this.db)).map(toCoupon);
  }

  /**
   * New terms apply to orders placed from now on. The changes laid over the stored terms must pass the
   * same schema a create passes (CouponTerms), so an update reaches no value a create refuses; a total
   * below the uses already made is refused too.
   */
  async update(body: UpdateCouponBody): Promise<Coupon> {
    const { _id, ...changes } = body;
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, _id)).for('update');
      if (!current) throw notFound('Coupon');
      const checked = CouponTerms.safeParse({ ...termsOf(toCoupon(current)), ...changes });
      if (!checked.success) {
        const { message, fields } = describeIssues(checked.error);
        throw new AppError(400, ErrorCode.Validation, message, { fields });
      }
      const terms = checked.data;
      if (terms.totalUses !== null && terms.totalUses < current.used) {
        throw new AppError(409, ErrorCode.Conflict, `totalUses: the coupon has been used ${current.used} times already.`, { fields: ['totalUses'] });
      }
      try {
        const [row] = await tx
          .update(coupons)
          .set({ ...terms, startsAt: new Date(terms.startsAt), endsAt: new Date(terms.endsAt), updatedAt: new Date() })
          .where(eq(coupons.id, _id))
          .returning();
        return toCoupon(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken(terms.code);
        throw error;
      }
    });
  }

  async disable(id: string): Promise<Coupon> {
    const [row] = await this.db.update(coupons).set({ active: false, updatedAt: new Date() }).where(eq(coupons.id, id)).returning();
    if (!row) throw notFound('Coupon');
    return toCoupon(row);
  }
}

const codeTaken = (code: string) => new AppError(409, ErrorCode.Conflict, `code: another coupon already has the code ${code}.`, { fields: ['code'] });

/** A coupon's terms as the admin API states them (what CouponTerms reads). */
function termsOf({ code, type, value, maxDiscount, minOrder, startsAt, endsAt, totalUses, perAccountUses, active }: Coupon): CouponTerms {
  return { code, type, value, maxDiscount, minOrder, startsAt, endsAt, totalUses, perAccountUses, active };
}

export function toCoupon(row: CouponRow): Coupon {
  return {
    _id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    maxDiscount: row.maxDiscount,
    minOrder: row.minOrder,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    totalUses: row.totalUses,
    perAccountUses: row.perAccountUses,
    used: row.used,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
