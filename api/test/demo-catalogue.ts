import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.js';
import { learnWords } from '../src/search/search.repository.js';
import { CATALOG } from '../src/seed/catalog-data.js';
import { demoProducts, type PlanSlot, type SeedRow } from '../src/seed/demo-products.js';
import { picturesPerSlot, slotPictures } from '../src/seed/demo-seed.js';
import { loadProducts } from '../src/seed/product-loader.js';

/**
 * The demo catalogue's rows as the seed makes them (src/seed/demo-products.ts), without drawing the pictures.
 * Each category and subcategory is its own name as id.
 */
export function demoRows(size: number): SeedRow[] {
  const plan: PlanSlot[] = [];
  const urls: string[] = [];
  const perSlot = picturesPerSlot(size);
  const drawn = new Set<string>();
  for (const spec of CATALOG)
    for (const sub of spec.subs) {
      const pictures = slotPictures(sub, plan.length, perSlot, () => urls.push(`/uploads/demo-${urls.length}.webp`) - 1, drawn);
      plan.push({ categoryId: spec.name, spec, subId: sub.name, sub, pictures });
    }
  return [...demoProducts(plan, urls, size, 0)];
}

/** Loads the demo catalogue's products (and its shelves, named as their ids) and the search vocabulary. */
export async function loadDemoCatalogue(db: Db, rows: SeedRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const spec of CATALOG) {
      await tx.execute(sql`insert into categories (id, name, image) values (${spec.name}, ${spec.name}, '') on conflict do nothing`);
      for (const sub of spec.subs) {
        await tx.execute(sql`insert into sub_categories (id, name, image) values (${sub.name}, ${sub.name}, '') on conflict do nothing`);
        await tx.execute(sql`insert into sub_category_categories (sub_category_id, category_id) values (${sub.name}, ${spec.name}) on conflict do nothing`);
      }
    }
    await loadProducts(tx, rows);
    await learnWords(tx);
  });
}
