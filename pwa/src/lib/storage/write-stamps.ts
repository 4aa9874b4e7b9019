import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { rowsOf } from './outbox-ops';
import type { OutboxEntry } from './outbox';

/**
 * When each device row was last written, on one counter (docs/architecture.md "The PWA's data layer", the one rule):
 * a shopper's write, a write queued, sent or acknowledged (the outbox entry names its rows) each take the next tick;
 * a copy of the server's rows is written at the tick its question was asked. A server answer then overwrites only
 * rows last written no later than its question. In memory: a question never outlives its page.
 */
let tick = 0;
const stamps = new Map<string, Map<string, number>>();
/** A table cleared (sign-out, another shopper): every row counts as written then. */
const cleared = new Map<string, number>();
/** The transactions storing a server answer, with the tick its question was asked at. */
const answering = new WeakMap<DBCoreTransaction, number>();

/** The tick now: what a question asked now is older than. */
export const askTick = (): number => tick;

/** A fresh tick, for an answer that is newer than every question still on its way (an acknowledgement's). */
export const nextTick = (): number => ++tick;

/** The tick `table`'s row `key` was last written at. */
export const writtenAt = (table: string, key: string): number => Math.max(stamps.get(table)?.get(key) ?? 0, cleared.get(table) ?? 0);

/** Marks `trans` as storing an answer asked at `asked`: its own writes are stamped with that tick. */
export function answerIn(trans: DBCoreTransaction, asked: number): void {
  answering.set(trans, asked);
}

function stamp(table: string, keys: readonly unknown[], at: number): void {
  const rows = stamps.get(table) ?? new Map<string, number>();
  stamps.set(table, rows);
  for (const key of keys) rows.set(String(key), Math.max(rows.get(String(key)) ?? 0, at));
}

/** The keys a put, add or delete names; null for a range (the whole table, conservatively). */
function keysOf(table: DBCoreTable, req: DBCoreMutateRequest): readonly unknown[] | null {
  if (req.type === 'deleteRange') return null;
  if (req.type === 'delete') return req.keys as readonly unknown[];
  const extract = table.schema.primaryKey.extractKey;
  return req.keys ?? (extract ? req.values.map(extract) : null);
}

function stampRows(table: DBCoreTable, req: DBCoreMutateRequest): void {
  const at = answering.get(req.trans) ?? ++tick;
  const keys = keysOf(table, req);
  if (keys) stamp(table.name, keys, at);
  else cleared.set(table.name, at);
}

/** A write queued, sent, refused or acknowledged: the rows it changes count as written now. */
async function stampQueued(table: DBCoreTable, req: DBCoreMutateRequest): Promise<void> {
  const at = ++tick;
  const entries = req.type === 'delete' ? await table.getMany({ trans: req.trans, keys: req.keys }) : req.type === 'deleteRange' ? [] : req.values;
  for (const entry of entries as Array<OutboxEntry | undefined>) for (const [name, key] of entry ? rowsOf(entry) : []) stamp(name, [key], at);
}

/**
 * The Dexie middleware that stamps every write (lib/storage/db.ts installs it). It sits right above IndexedDB, below
 * Dexie's own middlewares, so it may read an outbox entry before deleting it (those above expect Dexie's zone).
 */
export const stampWrites: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'write-stamps',
  level: -2,
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      if (name === 'outbox') return { ...table, mutate: (req) => stampQueued(table, req).then(() => table.mutate(req)) };
      return { ...table, mutate: (req) => (stampRows(table, req), table.mutate(req)) };
    },
  }),
};
