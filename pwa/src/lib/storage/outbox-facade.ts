import type { Table } from 'dexie';
import { db, type HaatDB } from './db';
import { newOutboxKey, queueOrder, type OutboxHandler } from './outbox';
import type { OutboxBodies, OutboxKind, QueuedWrite } from './outbox-ops';
import { flushOutbox, outbox } from './outbox-sync';

/** An outbox handler whose answer's tables and settling are given the database. */
type DeviceHandler<Body, Result> = Omit<OutboxHandler<Body, Result>, 'tables' | 'settle'> & {
  tables?: (db: HaatDB) => Table[];
  settle?: (entries: Parameters<NonNullable<OutboxHandler<Body, Result>['settle']>>[0], result: Result, db: HaatDB) => Promise<void>;
};

const kindsOf = (kinds: OutboxKind | readonly OutboxKind[]): OutboxKind[] => (typeof kinds === 'string' ? [kinds] : [...kinds]);

/** The one way features reach the outbox (docs/architecture.md "The PWA's data layer"), typed per kind. */
export const outboxFacade = {
  /** Runs `work` in one transaction over `tables` and the outbox: a change and its queued write exist together or not. */
  transaction<T>(tables: Table[], work: () => Promise<T>): Promise<T> {
    return db.transaction('rw', [...tables, db.outbox], work);
  },

  /** A fresh key: it orders a write after every earlier one and is its Idempotency-Key. */
  newKey: newOutboxKey,

  /** Queues a write; its key (by default a fresh one) orders it after every earlier write and is its Idempotency-Key. */
  enqueue<K extends OutboxKind>(kind: K, body: OutboxBodies[K], key: string = newOutboxKey()): Promise<string> {
    return outbox.enqueue(kind, body, key);
  },

  /** The writes of these kinds waiting to be sent, oldest first: not `failed`, not `except`, and only those after `after`. */
  async pending<K extends OutboxKind>(kinds: K | readonly K[], options: { after?: string; except?: ReadonlySet<string> } = {}): Promise<Array<QueuedWrite<K>>> {
    const { after, except } = options;
    const entries = await db.outbox
      .where('op')
      .anyOf(kindsOf(kinds))
      .filter((e) => !e.failed && (after === undefined || queueOrder(e, { key: after }) > 0) && !except?.has(e.key))
      .toArray();
    return entries.sort(queueOrder) as Array<QueuedWrite<K>>;
  },

  /** One queued write by its key, failed or not (undefined once sent or discarded). */
  async find(key: string): Promise<QueuedWrite | undefined> {
    return (await db.outbox.get(key)) as QueuedWrite | undefined;
  },

  /** Drops queued writes unsent (the shopper gave up on them, or they cannot succeed). */
  discard(keys: string | readonly string[]): Promise<void> {
    return db.outbox.bulkDelete(typeof keys === 'string' ? [keys] : [...keys]);
  },

  /** Keeps a refused write visible, unsent, with the server's reason, until the shopper decides. */
  async markFailed(key: string, reason: string): Promise<void> {
    await db.outbox.update(key, { failed: reason });
  },

  /** How queued writes of `kind` are sent and what their answers change on the device (in `tables`, with the outbox). */
  register<K extends OutboxKind, Result>(kind: K, handler: DeviceHandler<OutboxBodies[K], Result>): void {
    const { tables, settle, ...rest } = handler;
    outbox.register<OutboxBodies[K], Result>(kind, { ...rest, tables: tables?.(db), settle: settle && ((entries, result) => settle(entries, result, db)) });
  },

  /** Sends what is queued now, if the network and the session allow; answers how many still wait. */
  flush: flushOutbox,
};
