import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { orders, type OrderRow } from './orders.table.js';

/** The shop's order placed for a buyer app's network order (docs/product.md#selling-on-ondc), if there is one. */
export async function orderOfNetwork(db: Pick<Db, 'select'>, buyerApp: string, networkOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        sql`${orders.channel} is not null`,
        eq(sql`${orders.channel} ->> 'buyerApp'`, buyerApp),
        eq(sql`${orders.channel} ->> 'networkOrderId'`, networkOrderId),
      ),
    )
    .limit(1);
  return row;
}

/** An order by its id as it is now (a network order's status read). */
export async function orderRowById(db: Pick<Db, 'select'>, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}
