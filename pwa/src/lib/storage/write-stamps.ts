import type { DBCoreTransaction } from 'dexie';

/**
 * When each device row was last written, on one counter (docs/architecture.md "The PWA's data layer"): a shopper's or a
 * queued write takes the next tick, a server copy its question's tick; an answer overwrites only rows no newer than it.
 */
let tick = 0;
const stamps = new Map<string, Map<string, number>>();
/** A table cleared (sign-out, another shopper): every row counts as written then. */
export const cleared = new Map<string, number>();
/** The transactions storing a server answer, with the tick its question was asked at. */
export const answering = new WeakMap<DBCoreTransaction, number>();

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

/** Marks `table`'s rows `keys` as written at tick `at`. */
export function stamp(table: string, keys: readonly unknown[], at: number): void {
  const rows = stamps.get(table) ?? new Map<string, number>();
  stamps.set(table, rows);
  for (const key of keys) rows.set(String(key), Math.max(rows.get(String(key)) ?? 0, at));
}
