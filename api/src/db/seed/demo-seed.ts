import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../database.js';
import type { FilesService } from '../../files/files.service.js';
import { newId } from '../../common/ids.js';
import { categories } from '../../categories/categories.table.js';
import { subCategories, subCategoryCategories } from '../../subcategories/subcategories.table.js';
import { products, type StoredVariant } from '../../products/products.table.js';
import { learnWords } from '../../products/product-search.js';
import { users } from '../../users/users.table.js';
import { hashPassword } from '../../users/password.js';
import { CATALOG, pick, seededRandom } from './catalog-data.js';
import { renderSeedImages, type SeedImageJob } from './seed-images.js';
import { seedRuns } from './seed-runs.table.js';

export const DEMO_CUSTOMER = { name: 'Asha Verma', email: 'customer@haat.local', password: 'haat-demo-123', mobile: '9876543210' };

const logger = new Logger('Seed');

/**
 * Creates the admin if there is none. Without ADMIN_PASSWORD a password is generated and written to
 * `$DATA_DIR/admin-password.txt` (owner-only); the log names the file, never the password.
 */
export async function ensureAdmin(db: Db, email = 'admin@haat.local', password?: string, dataDir?: string): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
  if (existing) return;
  const chosen = password ?? randomBytes(9).toString('base64url');
  await db
    .insert(users)
    .values({ id: newId(), name: 'Admin', email, passwordHash: await hashPassword(chosen), role: 'ADMIN', verifyEmail: true })
    .onConflictDoUpdate({ target: users.email, set: { role: 'ADMIN' } });
  if (password) return logger.log(`Created the admin ${email}`);
  const file = join(dataDir ?? '.', 'admin-password.txt');
  writeFileSync(file, `${chosen}\n`, { mode: 0o600 });
  logger.warn(`Created the admin ${email}; its generated password is in ${file} (readable by this user only; delete it once noted, or set ADMIN_PASSWORD to choose it)`);
}

export async function ensureDemoCustomer(db: Db): Promise<void> {
  await db
    .insert(users)
    .values({ id: newId(), name: DEMO_CUSTOMER.name, email: DEMO_CUSTOMER.email, mobile: DEMO_CUSTOMER.mobile, passwordHash: await hashPassword(DEMO_CUSTOMER.password) })
    .onConflictDoNothing();
}

export async function demoSeedRan(db: Db): Promise<boolean> {
  const [row] = await db.select({ name: seedRuns.name }).from(seedRuns).where(eq(seedRuns.name, 'demo'));
  return !!row;
}

export async function recordDemoSeed(db: Db): Promise<void> {
  await db.insert(seedRuns).values({ name: 'demo' }).onConflictDoNothing();
}

export async function catalogIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  return (row?.n ?? 0) === 0;
}

/** The demo catalogue: every category of spec §1 and a few more, `size` products, images made locally. */
export async function seedCatalog(db: Db, files: FilesService, size: number): Promise<void> {
  const started = Date.now();
  const r = seededRandom(20261121);
  const subIdsByName = new Map<string, string>();
  const plan: Array<{ categoryId: string; spec: (typeof CATALOG)[number]; subId: string; nouns: string[]; images: number[] }> = [];
  const categoryRows: Array<{ id: string; name: string; image: number }> = [];
  const subRows: Array<{ id: string; name: string; image: number }> = [];
  const links: Array<{ subCategoryId: string; categoryId: string }> = [];
  const jobs: SeedImageJob[] = [];
  const job = (hue: number, variant: number, prefix: string) => jobs.push({ hue, variant, prefix }) - 1;

  // First the plan (ids, and which picture goes where), then every picture at once, then the rows.
  for (const spec of CATALOG) {
    const categoryId = newId();
    categoryRows.push({ id: categoryId, name: spec.name, image: job(spec.hue, 0, 'cat') });
    for (const [i, sub] of spec.subs.entries()) {
      let subId = subIdsByName.get(sub.name);
      if (!subId) {
        subId = newId();
        subIdsByName.set(sub.name, subId);
        subRows.push({ id: subId, name: sub.name, image: job((spec.hue + 15 * (i + 1)) % 360, 0, 'sub') });
      }
      links.push({ subCategoryId: subId, categoryId });
      const images = [0, 1, 2, 3].map((variant) => job((spec.hue + 10 * i) % 360, variant, 'p'));
      plan.push({ categoryId, spec, subId, nouns: sub.nouns, images });
    }
  }
  const urls = await renderSeedImages(files, jobs);
  await db.insert(categories).values(categoryRows.map((c) => ({ id: c.id, name: c.name, image: urls[c.image]! })));
  await db.insert(subCategories).values(subRows.map((c) => ({ id: c.id, name: c.name, image: urls[c.image]! })));
  await db.insert(subCategoryCategories).values(links);
  const imagesOf = (slot: (typeof plan)[number]) => slot.images.map((i) => urls[i]!);

  const now = Date.now();
  const batch: Array<typeof products.$inferInsert> = [];
  for (let n = 0; n < size; n++) {
    const slot = plan[n % plan.length]!;
    const { spec } = slot;
    const noun = pick(r, slot.nouns);
    const brand = pick(r, spec.brands);
    const adjective = pick(r, spec.adjectives);
    const model = r() < 0.6 ? ` ${Math.floor(100 + r() * 900)}` : '';
    const name = `${brand} ${adjective} ${noun}${model}`;
    const [lo, hi] = spec.priceRange;
    const price = Math.round(lo + (hi - lo) * r() ** 2);
    const discount = r() < 0.25 ? 0 : Math.floor(r() * 71);
    const stock = r() < 0.08 ? 0 : Math.floor(r() * 120) + 1;
    const imageCount = 1 + Math.floor(r() * 4);
    const first = Math.floor(r() * 4);
    const image = Array.from({ length: imageCount }, (_, k) => imagesOf(slot)[(first + k) % 4]!);
    const variants: StoredVariant[] = [];
    if (n % 37 === 0 && (spec.name === 'T-shirts' || spec.name === 'Clothing')) {
      for (const size of ['S', 'M', 'L', 'XL']) variants.push({ _id: newId(), name: size, stock: Math.floor(r() * 30) });
    } else if (n % 41 === 0 && spec.name === 'Snacks') {
      variants.push({ _id: newId(), name: '150 g', price, stock: 40 }, { _id: newId(), name: '400 g', price: Math.round(price * 2.4), stock: 25, image: [image[0]!] });
    }
    batch.push({
      id: newId(),
      name,
      image,
      categoryIds: [slot.categoryId],
      subCategoryIds: [slot.subId],
      unit: pick(r, spec.units),
      productType: variants.length && spec.name === 'Snacks' ? 'variable' : 'fixed',
      stock,
      price,
      discount,
      description: `${name} from ${brand}: ${adjective.toLowerCase()} ${noun.toLowerCase()} in our ${spec.name} range. Genuine product, delivered fast, with easy 7-day returns.`,
      moreDetails: n % 5 === 0 ? spec.details(r) : {},
      variants,
      createdAt: new Date(now - (size - n) * 60_000),
      updatedAt: new Date(now - (size - n) * 60_000),
    });
    if (batch.length === 1000) await db.insert(products).values(batch.splice(0));
  }
  if (batch.length) await db.insert(products).values(batch);
  await learnWords(db);
  await db.execute(sql`analyze`);
  logger.log(`Seeded ${CATALOG.length} categories, ${subIdsByName.size} subcategories and ${size} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
