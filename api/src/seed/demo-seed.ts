import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import type { FilesService } from '../files/index.js';
import { newId } from '../common/ids.js';
import { categories } from '../catalog/categories.table.js';
import { subCategories, subCategoryCategories } from '../catalog/subcategories.table.js';
import { learnWords } from '../search/index.js';
import { users } from '../users/users.table.js';
import { hashPassword, OWASP_MINIMUM_COST, type PasswordHashCost } from '../users/index.js';
import { CATALOG } from './catalog-data.js';
import { demoProducts, type PictureSlot, type PlanSlot } from './demo-products.js';
import { loadProducts } from './product-loader.js';
import { renderSeedImages } from './seed-images.js';
import { PICTURE_COLOURS, type PictureSpec } from './product-picture.js';
import { seedRuns } from './seed-runs.table.js';
import { reviewPicker, seedReviews } from './demo-reviews.js';
import type { Seller } from '../invoices/index.js';

/** The demo customer; its password is made per shop (ensureDemoCustomer), never published. */
export const DEMO_CUSTOMER = { name: 'Asha Verma', email: 'customer@haat.local', mobile: '9876543210' };
/** Where a shop's generated demo customer password is written, in DATA_DIR (owner-only). */
export const DEMO_CUSTOMER_PASSWORD_FILE = 'demo-customer-password.txt';

const logger = new Logger('Seed');

/**
 * Creates the admin if there is none. Without ADMIN_PASSWORD a password is generated and written to
 * `$DATA_DIR/admin-password.txt` (owner-only); the log names the file, never the password.
 */
export async function ensureAdmin(
  db: Db,
  email = 'admin@haat.local',
  password?: string,
  dataDir?: string,
  cost: PasswordHashCost = OWASP_MINIMUM_COST,
): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
  if (existing) return;
  const chosen = password ?? randomBytes(9).toString('base64url');
  await db
    .insert(users)
    .values({ id: newId(), name: 'Admin', email, passwordHash: await hashPassword(chosen, cost), role: 'ADMIN', verifyEmail: true })
    .onConflictDoUpdate({ target: users.email, targetWhere: sql`${users.email} <> ''`, set: { role: 'ADMIN' } });
  if (password) return logger.log(`Created the admin ${email}`);
  const file = join(dataDir ?? '.', 'admin-password.txt');
  writeFileSync(file, `${chosen}\n`, { mode: 0o600 });
  logger.warn(
    `Created the admin ${email}; its generated password is in ${file} (readable by this user only; delete it once noted, or set ADMIN_PASSWORD to choose it)`,
  );
}

/**
 * The demo customer, with a password made for this shop and written to
 * `$DATA_DIR/demo-customer-password.txt` (owner-only), as the admin's is: a published password would open
 * the account on every shop that keeps the demo seed. The log names the file, never the password.
 */
export async function ensureDemoCustomer(db: Db, dataDir: string, cost: PasswordHashCost = OWASP_MINIMUM_COST): Promise<void> {
  const password = randomBytes(12).toString('base64url');
  const [created] = await db
    .insert(users)
    .values({
      id: newId(),
      name: DEMO_CUSTOMER.name,
      email: DEMO_CUSTOMER.email,
      mobile: DEMO_CUSTOMER.mobile,
      passwordHash: await hashPassword(password, cost),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created) return;
  const file = join(dataDir, DEMO_CUSTOMER_PASSWORD_FILE);
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  logger.log(`Created the demo customer ${DEMO_CUSTOMER.email}; its password is in ${file} (readable by this user only)`);
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

/**
 * How many different pictures each subcategory's products share out (a listing shows at most this many in
 * a row before one repeats; every catalogue up to ~370 products gets one picture per product), and which
 * of them come with a gallery. Chosen so a 5,000-product first start stays within 15 s (docs/decisions/0053-demo-seed.md).
 */
const PICTURES_PER_SUBCATEGORY = 12;
/** Pictures 1 and 7 of each subcategory come with a gallery (4 and 2 views), so 1 product in 6 has one. */
const GALLERY_VIEWS: Record<number, number> = { 1: 4, 7: 2 };

/**
 * The (brand, product) pairs of a subcategory in the order its pictures take them: every pair once before
 * any repeats, neighbours differing in both where the lists allow.
 */
function brandNounPairs(sub: PlanSlot['sub'], count: number): Array<[brand: string, noun: string]> {
  const { brands, nouns } = sub;
  const seen = new Set<string>();
  const pairs: Array<[string, string]> = [];
  for (let t = 0; pairs.length < count; t++) {
    const noun = nouns[t % nouns.length]!;
    // Past every pair the diagonal reaches, shift the brands by one and go on.
    const brand = brands[(t + Math.floor(t / (brands.length * nouns.length))) % brands.length]!;
    const key = `${brand}\u0000${noun}`;
    if (!seen.has(key) || seen.size === brands.length * nouns.length) pairs.push([brand, noun]);
    seen.add(key);
  }
  return pairs;
}

/**
 * The pictures of the `slotIndex`-th subcategory slot, each one product line (brand and product) in one
 * colour, drawn as that product's own object. `job` queues a drawing and answers its index.
 */
export function slotPictures(
  sub: PlanSlot['sub'],
  slotIndex: number,
  perSlot: number,
  job: (spec: PictureSpec) => number,
  drawn: Set<string> = new Set(),
): PictureSlot[] {
  return brandNounPairs(sub, perSlot).map(([brand, noun], k): PictureSlot => {
    const kind = sub.byNoun?.[noun] ?? sub.picture;
    // The next colour no other subcategory drew this object of this brand in (`drawn` is shared by the
    // plan's slots), so no two products share a picture ('boAt Buds, White' and 'boAt Bluetooth
    // Earbuds, White' would otherwise be one drawing).
    let shift = 0;
    while (shift < PICTURE_COLOURS.length - 1 && drawn.has(`${kind}|${brand}|${(k + slotIndex + shift) % PICTURE_COLOURS.length}`)) shift += 1;
    const colourIndex = (k + slotIndex + shift) % PICTURE_COLOURS.length;
    drawn.add(`${kind}|${brand}|${colourIndex}`);
    const colour = PICTURE_COLOURS[colourIndex]!;
    const views = GALLERY_VIEWS[k] ?? 1;
    const images = Array.from({ length: views }, (_, view) => job({ kind, colour, brand, title: noun, view }));
    return { brand, noun, colour, images };
  });
}

/** How many pictures each subcategory slot gets in a catalogue of `size` products. */
export function picturesPerSlot(size: number): number {
  const slotCount = CATALOG.reduce((n, c) => n + c.subs.length, 0);
  return Math.max(1, Math.min(PICTURES_PER_SUBCATEGORY, Math.ceil(size / slotCount)));
}

/** The demo catalogue: every category of docs/product.md#what-haat-is and a few more, `size` products, images made locally. */
export async function seedCatalog(db: Db, files: FilesService, size: number, seller: Seller): Promise<void> {
  const started = Date.now();
  const subIdsByName = new Map<string, string>();
  const plan: PlanSlot[] = [];
  const categoryRows: Array<{ id: string; name: string; image: number }> = [];
  const subRows: Array<{ id: string; name: string; image: number }> = [];
  const links: Array<{ subCategoryId: string; categoryId: string }> = [];
  const jobs: PictureSpec[] = [];
  const job = (spec: PictureSpec) => jobs.push(spec) - 1;
  const perSlot = picturesPerSlot(size);
  const drawn = new Set<string>();

  // First the plan (ids, and which picture goes where), then every picture at once, then the rows.
  for (const spec of CATALOG) {
    const categoryId = newId();
    const categoryAt = plan.length;
    for (const sub of spec.subs) {
      const pictures = slotPictures(sub, plan.length, perSlot, job, drawn);
      let subId = subIdsByName.get(sub.name);
      if (!subId) {
        subId = newId();
        subIdsByName.set(sub.name, subId);
        subRows.push({ id: subId, name: sub.name, image: pictures[0]!.images[0]! });
      }
      links.push({ subCategoryId: subId, categoryId });
      plan.push({ categoryId, spec, subId, sub, pictures });
    }
    categoryRows.push({ id: categoryId, name: spec.name, image: plan[categoryAt]!.pictures[0]!.images[0]! });
  }
  const renderStarted = Date.now();
  const cpuStarted = process.cpuUsage();
  const urls = await renderSeedImages(files, jobs);
  const renderSeconds = (Date.now() - renderStarted) / 1000;
  const renderCpu = process.cpuUsage(cpuStarted);
  await db.insert(categories).values(categoryRows.map((c) => ({ id: c.id, name: c.name, image: urls[c.image]! })));
  await db.insert(subCategories).values(subRows.map((c) => ({ id: c.id, name: c.name, image: urls[c.image]! })));
  await db.insert(subCategoryCategories).values(links);

  const loadStarted = Date.now();
  // A big catalogue loads fast only without its secondary indexes (the two GIN indexes above all):
  // drop them, load, and build each once at the end. The catalogue is empty and this runs in the
  // seed's transaction, so no reader ever sees the table without them.
  const indexes = await withoutSecondaryIndexes(db);
  // The products to review are picked as the rows go by, so a million never sit in memory.
  const picker = reviewPicker(new Map(plan.map((slot) => [slot.categoryId, slot.spec.name])), new Map(plan.map((slot) => [slot.subId, slot.sub.name])));
  await loadProducts(db, pickedOnTheWay(demoProducts(plan, urls, size), picker.take));
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  const reviewsStarted = Date.now();
  const reviewed = await seedReviews(db, picker.picked, seller);
  const reviewsSeconds = (Date.now() - reviewsStarted) / 1000;
  const indexStarted = Date.now();
  await rebuildIndexes(db, indexes);
  const indexSeconds = (Date.now() - indexStarted) / 1000;
  const wordsStarted = Date.now();
  await learnWords(db);
  await db.execute(sql`analyze`);
  const wordsSeconds = (Date.now() - wordsStarted) / 1000;
  logger.log(
    `Seeded ${CATALOG.length} categories, ${subIdsByName.size} subcategories and ${size} products in ${((Date.now() - started) / 1000).toFixed(1)} s (${jobs.length} pictures drawn in ${renderSeconds.toFixed(1)} s, ${((renderCpu.user + renderCpu.system) / 1e6).toFixed(1)} s of CPU; rows loaded in ${loadSeconds.toFixed(1)} s, ${reviewed.reviews} reviews of ${reviewed.products} products by their buyers in ${reviewsSeconds.toFixed(1)} s, indexes built in ${indexSeconds.toFixed(1)} s, vocabulary and statistics in ${wordsSeconds.toFixed(1)} s)`,
  );
}

/** The rows as they are, each shown to `take` on its way. */
function* pickedOnTheWay<T>(rows: Iterable<T>, take: (row: T) => void): Generator<T> {
  for (const row of rows) {
    take(row);
    yield row;
  }
}

/** Drops the products table's secondary indexes (in the caller's transaction) and returns how to build them again. */
async function withoutSecondaryIndexes(db: Db): Promise<Array<{ name: string; definition: string }>> {
  const result = await db.execute(
    sql`select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema() and tablename = 'products' and indexname <> 'products_pkey'`,
  );
  const rows = (result as { rows: Array<{ name: string; definition: string }> }).rows;
  for (const index of rows) await db.execute(sql.raw(`drop index "${index.name.replace(/"/g, '""')}"`));
  return rows;
}

/**
 * Builds the dropped indexes again. A GIN index is built in maintenance_work_mem: with room for all
 * of a million products' postings it writes them once instead of merging runs (set for this
 * transaction only; the machine's memory, not the server's default, is the limit).
 */
async function rebuildIndexes(db: Db, indexes: Array<{ name: string; definition: string }>): Promise<void> {
  await db.execute(sql`set local maintenance_work_mem = '1GB'`);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}
