import { sql, type SQL } from 'drizzle-orm';
import type { SortOption } from '@haat/shared/common/limits';
import type { Db } from '../db/database.js';
import { products } from './products.table.js';
import { ReadCache } from './read-cache.js';

/** Rows between two anchors: 20 pages of 12. */
export const ANCHOR_STRIDE = 240;

/** The sort key of a listing order, and which way "after" points. Text keeps timestamps exact (µs). */
const KEYS: Record<SortOption, { first: SQL; firstType: SQL; after: SQL; order: SQL }> = {
  newest: { first: sql`${products.createdAt}`, firstType: sql`timestamptz`, after: sql`<`, order: sql`${products.createdAt} desc, ${products.id} desc` },
  oldest: { first: sql`${products.createdAt}`, firstType: sql`timestamptz`, after: sql`>`, order: sql`${products.createdAt} asc, ${products.id} asc` },
  lowToHigh: { first: sql`${products.salePrice}`, firstType: sql`numeric`, after: sql`>`, order: sql`${products.salePrice} asc, ${products.id} asc` },
  highToLow: { first: sql`${products.salePrice}`, firstType: sql`numeric`, after: sql`<`, order: sql`${products.salePrice} desc, ${products.id} desc` },
};

interface Anchor {
  first: string;
  id: string;
}

/**
 * Deep pages without deep OFFSETs. OFFSET 50,000 walks 50,000 index entries on every request; so
 * for each listing (catalogue version, filters, order) the sort keys of every 240th product are
 * read once, and page N seeks past the nearest one and skips fewer than 240 rows. The anchors are
 * cached like the counts: for the catalogue version, or a few seconds when stock decides membership.
 */
export class PageAnchors {
  private readonly stable = new ReadCache<Anchor[]>(500, 10 * 60_000);
  private readonly stock = new ReadCache<Anchor[]>(500);

  constructor(private readonly db: Db) {}

  /** The condition that starts right after the nearest anchor at or before `offset`, and what is left to skip. */
  async seek(key: string, where: SQL | undefined, sort: SortOption, offset: number, dependsOnStock: boolean): Promise<{ after?: SQL; offset: number }> {
    if (offset < ANCHOR_STRIDE) return { offset };
    const anchors = await (dependsOnStock ? this.stock : this.stable).get(`${sort}|${key}`, () => this.load(where, sort));
    // anchors[j] is row number (j + 1) × stride; the rows after it begin at offset (j + 1) × stride.
    const passed = Math.min(Math.floor(offset / ANCHOR_STRIDE), anchors.length);
    if (passed === 0) return { offset };
    const anchor = anchors[passed - 1]!;
    const { first, firstType, after } = KEYS[sort];
    return {
      after: sql`(${first}, ${products.id}) ${after} (${anchor.first}::${firstType}, ${anchor.id})`,
      offset: offset - passed * ANCHOR_STRIDE,
    };
  }

  private async load(where: SQL | undefined, sort: SortOption): Promise<Anchor[]> {
    const { first, order } = KEYS[sort];
    const result = await this.db.execute(sql`
      select first, id from (
        select ${first}::text as first, ${products.id} as id, row_number() over (order by ${order}) as rn
        from ${products} ${where ? sql`where ${where}` : sql``}
      ) ranked where rn % ${ANCHOR_STRIDE} = 0 order by rn`);
    return (result as { rows: Anchor[] }).rows;
  }
}
