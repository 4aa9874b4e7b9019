import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { products } from '../catalog/products.table.js';
import type { SeedRow } from './demo-products.js';
import { createStockStaging, stockFromStaging } from '../inventory/index.js';

/** The columns the seed writes, in the order of a row (the generated ones are the database's). */
const COLUMNS = [
  'id',
  'name',
  'sku',
  'image',
  'category_ids',
  'sub_category_ids',
  'unit',
  'product_type',
  'price',
  'discount',
  'hsn',
  'gst_rate',
  'description',
  'more_details',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof SeedRow>;

/**
 * Writes the rows into the products table inside the caller's transaction. On PostgreSQL one
 * `COPY … FROM STDIN` fed as the rows are made: the server parses plain text and writes rows in
 * batches, and this process makes the next rows while it does. On PGlite (no COPY from a client
 * stream) JSON batches of 5,000 rows, one written while the next is made. Each row's stock and
 * options go to a staging table on the way, and become the inventory's rows at the end in a few
 * set-wise statements (see stockFromStaging).
 */
export async function loadProducts(db: Db, rows: Iterable<SeedRow>): Promise<void> {
  await createStockStaging(db);
  const client = pgClientOf(db);
  if (client) await copyProducts(client, rows);
  else await insertInBatches(db, rows);
  await stockFromStaging(db);
}

/**
 * The node-postgres connection behind a drizzle transaction, or null (PGlite). COPY needs the very
 * connection that holds the seed's transaction; drizzle keeps it as its session's client.
 */
function pgClientOf(db: Db): pg.ClientBase | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

/** Rows per chunk handed to the COPY stream: big enough that stream overhead does not show. */
const COPY_CHUNK = 500;

async function copyProducts(client: pg.ClientBase, rows: Iterable<SeedRow>): Promise<void> {
  const stock: string[] = [];
  const copy = client.query(copyFrom(`copy products (${COLUMNS.join(', ')}) from stdin`));
  await pipeline(Readable.from(copyChunks(rows, stock)), copy);
  const copyStock = client.query(copyFrom('copy seed_stock (product_id, stock, variants) from stdin'));
  await pipeline(Readable.from(chunked(stock)), copyStock);
}

/** The staged lines in chunks of COPY_CHUNK. */
function* chunked(lines: string[]): Generator<string> {
  for (let i = 0; i < lines.length; i += COPY_CHUNK) yield lines.slice(i, i + COPY_CHUNK).join('');
}

/** The product lines of COPY, in chunks; each row's stock line is kept in `stock` on the way. */
function* copyChunks(rows: Iterable<SeedRow>, stock: string[]): Generator<string> {
  let chunk = '';
  let count = 0;
  for (const row of rows) {
    stock.push(`${[row.id, String(row.stock), JSON.stringify(row.variants)].map(copyField).join('\t')}\n`);
    chunk += copyLine(row);
    if (++count === COPY_CHUNK) {
      yield chunk;
      chunk = '';
      count = 0;
    }
  }
  if (chunk) yield chunk;
}

/** Columns written as text[] literals; the JSON ones (objects, and the variants' array) as JSON; the rest as plain text. */
const TEXT_ARRAYS = new Set<string>(['image', 'category_ids', 'sub_category_ids']);

/** One row in COPY's text format: tab-separated fields, arrays and JSON as their text literals. */
export function copyLine(row: SeedRow): string {
  const fields = COLUMNS.map((column) => {
    const value = row[column];
    if (TEXT_ARRAYS.has(column)) return arrayLiteral(value as string[]);
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
  return `${fields.map(copyField).join('\t')}\n`;
}

/** A text[] literal: every element quoted, its quotes and backslashes escaped. */
const arrayLiteral = (items: string[]) => `{${items.map((item) => `"${item.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** COPY text escapes backslash, newline, carriage return and tab; everything else is taken as it is. */
const copyField = (text: string) => text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!);

/** Rows per insert statement: one JSON parameter each, so the statement stays small to build and parse. */
const BATCH = 5000;

async function insertInBatches(db: Db, rows: Iterable<SeedRow>): Promise<void> {
  // At most one batch in flight, so memory stays bounded while the next is made.
  let inFlight: Promise<void> = Promise.resolve();
  const flush = async (batch: SeedRow[]) => {
    await inFlight;
    inFlight = insertSeedRows(db, batch);
    // Its failure is thrown where it is awaited (the next flush, or after the loop), not reported as unhandled meanwhile.
    inFlight.catch(() => undefined);
  };
  let batch: SeedRow[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      await flush(batch);
      batch = [];
    }
  }
  if (batch.length) await flush(batch);
  await inFlight;
}

/**
 * Thousands of rows in one statement with one parameter: the rows as a JSON array, turned into
 * records by the database (json_populate_recordset).
 */
async function insertSeedRows(db: Db, rows: SeedRow[]): Promise<void> {
  const columns = sql.raw(COLUMNS.join(', '));
  const json = JSON.stringify(rows);
  await db.execute(sql`insert into ${products} (${columns}) select ${columns} from json_populate_recordset(null::products, ${json}::json)`);
  await db.execute(
    sql`insert into seed_stock (product_id, stock, variants) select x->>'id', (x->>'stock')::int, x->'variants' from jsonb_array_elements(${json}::jsonb) x`,
  );
}
