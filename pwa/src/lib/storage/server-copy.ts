import type { Table } from 'dexie';
import type { HaatDB } from './db';
import { openStorage } from './device-store';
import { rowsOf } from './outbox-ops';
import { answerIn, askTick, nextTick, writtenAt } from './write-stamps';

/** One kind of device data that copies the server's (docs/architecture.md "The PWA's data layer"). */
export interface DeviceCollection<Row> {
  table: (db: HaatDB) => Table<Row, string>;
  key: (row: Row) => string;
  /** The answer lists the whole collection (a row it lacks is gone on the server); else it names only its own rows. */
  whole?: boolean;
  /** A server row as the device keeps it (default: as sent), given the device's row. */
  merge?: (server: Row, device: Row | undefined) => Row;
  /** A row with a write still queued, which the server has not seen (default: the device's, which has the write). */
  overlay?: (server: Row | undefined, device: Row | undefined) => Row | undefined;
}

/** The rows of an answer for one collection (rowsFor). */
export interface ServerRows {
  collection: DeviceCollection<unknown>;
  rows: readonly unknown[];
}

export const rowsFor = <Row>(collection: DeviceCollection<Row>, rows: readonly Row[]): ServerRows => ({ collection, rows }) as unknown as ServerRows;

/** A collection's rows as the device held them before, and after, an answer was stored. */
export type Stored = Array<{ before: unknown[]; after: unknown[] }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The one rule against stale reloads: stores the server's rows for questions asked at tick `asked`. A row written on
 * the device after that keeps the device's copy; a row with a write still queued shows the server's row with that write
 * on top; every other row becomes the server's (or goes, in a whole collection). Unchanged rows are not written.
 * Queued writes in `except` are the ones this answer includes.
 */
export async function storeServerRows(db: HaatDB, parts: readonly ServerRows[], asked: number, except: ReadonlySet<string> = new Set()): Promise<Stored> {
  const tables = parts.map((p) => p.collection.table(db));
  return db.transaction('rw', [...tables, db.outbox], async (tx) => {
    answerIn(tx.idbtrans, asked);
    const queued = (await db.outbox.toArray()).filter((e) => !e.failed && !except.has(e.key));
    const waiting = new Set(queued.flatMap(rowsOf).map(([table, key]) => `${table}\u0000${key}`));
    return Promise.all(
      parts.map(async ({ collection, rows }, i) => {
        const table = tables[i]!;
        const before = await table.toArray();
        const device = new Map(before.map((row) => [collection.key(row), row]));
        const server = new Map(rows.map((row) => [collection.key(row), row]));
        const keys = new Set([...server.keys(), ...(collection.whole ? device.keys() : [])]);
        const puts: unknown[] = [];
        const deletes: string[] = [];
        for (const key of keys) {
          const held = device.get(key);
          const sent = server.get(key);
          let row: unknown;
          if (writtenAt(table.name, key) > asked) row = held;
          else if (waiting.has(`${table.name}\u0000${key}`)) row = collection.overlay ? collection.overlay(sent, held) : held;
          else row = sent === undefined ? undefined : collection.merge ? collection.merge(sent, held) : sent;
          if (row === undefined) {
            if (held !== undefined) deletes.push(key);
          } else if (!same(row, held)) puts.push(row);
        }
        await table.bulkDelete(deletes);
        await table.bulkPut(puts);
        return { before, after: await table.toArray() };
      }),
    );
  });
}

/** Stores the answer to a question asked at `asked` (askedNow, device-store.ts) through the one rule. */
export async function storeAnswer(asked: number, parts: readonly ServerRows[]): Promise<Stored> {
  return storeServerRows(await openStorage(), parts, asked);
}

/** Refreshes device collections through the one rule: `ask` is the question, `parts` the rows each collection takes from its answer. */
export async function refreshFromServer<A>(ask: () => Promise<A>, parts: (answer: A) => readonly ServerRows[]): Promise<{ answer: A; stored: Stored }> {
  const asked = askTick();
  const answer = await ask();
  return { answer, stored: await storeAnswer(asked, parts(answer)) };
}

/** Stores an answer newer than every question on its way (an acknowledged write's), through the same rule. */
export const adoptServerRows = (db: HaatDB, parts: readonly ServerRows[], except?: ReadonlySet<string>): Promise<Stored> =>
  storeServerRows(db, parts, nextTick(), except);
