import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import { rowsOf } from './outbox-ops';
import type { OutboxEntry } from './outbox';
import { answering, cleared, nextTick, stamp } from './write-stamps';

/** The keys a put, add or delete names; null for a range (the whole table, conservatively). */
function keysOf(table: DBCoreTable, req: DBCoreMutateRequest): readonly unknown[] | null {
  if (req.type === 'deleteRange') return null;
  if (req.type === 'delete') return req.keys as readonly unknown[];
  const extract = table.schema.primaryKey.extractKey;
  return req.keys ?? (extract ? req.values.map(extract) : null);
}

function stampRows(table: DBCoreTable, req: DBCoreMutateRequest): void {
  const at = answering.get(req.trans) ?? nextTick();
  const keys = keysOf(table, req);
  if (keys) stamp(table.name, keys, at);
  else cleared.set(table.name, at);
}

/** A write queued, sent, refused or acknowledged: the rows it changes count as written now. */
async function stampQueued(table: DBCoreTable, req: DBCoreMutateRequest): Promise<void> {
  const at = nextTick();
  const entries = req.type === 'delete' ? await table.getMany({ trans: req.trans, keys: req.keys }) : req.type === 'deleteRange' ? [] : req.values;
  for (const entry of entries as Array<OutboxEntry | undefined>) for (const [name, key] of entry ? rowsOf(entry) : []) stamp(name, [key], at);
}

/** The middleware that stamps every write, right above IndexedDB: it may read an outbox entry before deleting it. */
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
