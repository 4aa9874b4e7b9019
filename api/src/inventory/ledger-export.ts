import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import type { StockReason } from './inventory.table.js';

/** Ledger rows read per statement: a batch is all an export holds at a time. */
const BATCH = 2000;

/** The stock ledger export's columns (docs/product.md#exports). */
export const LEDGER_EXPORT_HEADER = ['Entry', 'At (IST)', 'SKU', 'Product', 'Option', 'Reason', 'On hand change', 'Reserved change', 'Order', 'Admin'] as const;

export interface LedgerEntry {
  id: number;
  at: Date;
  sku: string | null;
  product: string | null;
  option: string | null;
  reason: StockReason;
  onHandDelta: number;
  reservedDelta: number;
  orderId: string | null;
  adminId: string | null;
}

/**
 * The stock ledger's entries made in [from, to), in the order written, each with the SKU and names of what moved (an
 * option or a product deleted since shows none): `BATCH` entries a statement after the last one's id.
 */
export async function* ledgerBetween(db: Pick<Db, 'execute'>, from: Date, to: Date): AsyncGenerator<LedgerEntry> {
  let after = 0;
  for (;;) {
    // An entry names its option, or only the pool: a product's own pool names its product (inventory_levels.product_id).
    const answer = await db.execute(sql`
      select m.id::float8 as id, m.created_at as at,
             case when v.is_default is false then v.sku else p.sku end as sku, p.name as product,
             case when v.is_default is false then v.name end as option, m.reason,
             m.on_hand_delta as "onHandDelta", m.reserved_delta as "reservedDelta", m.order_id as "orderId", m.admin_id as "adminId"
      from stock_movements m
      left join product_variants v on v.id = m.variant_id
      left join inventory_levels l on l.id = m.inventory_level_id
      left join products p on p.id = coalesce(v.product_id, l.product_id)
      where m.id > ${after} and m.created_at >= ${from.toISOString()} and m.created_at < ${to.toISOString()}
      order by m.id
      limit ${BATCH}`);
    const batch = (answer as { rows: LedgerEntry[] }).rows;
    for (const r of batch) yield { ...r, id: Number(r.id), at: new Date(r.at), onHandDelta: Number(r.onHandDelta), reservedDelta: Number(r.reservedDelta) };
    if (batch.length < BATCH) return;
    after = Number(batch[batch.length - 1]!.id);
  }
}
