import type { Table } from 'dexie';
import { db } from './db';
import { newOutboxKey, queueOrder, type OutboxHandler } from './outbox';
import type { OutboxBodies, OutboxKind, QueuedWrite } from './outbox-ops';
import { flushOutbox, outbox } from './outbox-sync';

const kindsOf = (kinds: OutboxKind | readonly OutboxKind[]): OutboxKind[] => (typeof kinds === 'string' ? [kinds] : [...kinds]);

/**
 * The one way features reach the outbox (docs/architecture.md "Offline-first in the PWA"): typed per kind with the
 * request bodies of the shared contract. Features never touch `db.outbox` themselves, so what an
 * entry holds and when it counts as pending is decided here once.
 */
export const outboxFacade = {
  /**
   * Runs `work` in one read-write transaction over `tables` and the outbox, so a local change and
   * the write queued for it exist together or not at all.
   */
  transaction<T>(tables: Table[], work: () => Promise<T>): Promise<T> {
    return db.transaction('rw', [...tables, db.outbox], work);
  },

  /** A fresh key: it orders a write after every earlier one and is its Idempotency-Key. */
  newKey: newOutboxKey,

  /** Queues a write; its key (by default a fresh one) orders it after every earlier write and is its Idempotency-Key. */
  enqueue<K extends OutboxKind>(kind: K, body: OutboxBodies[K], key: string = newOutboxKey()): Promise<string> {
    return outbox.enqueue(kind, body, key);
  },

  /**
   * The writes of these kinds still waiting to be sent, oldest first: not those the server refused for
   * good (`failed`), not `except`, and only those queued after the key `after` when given.
   */
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

  /**
   * How many writes of these kinds the server has acknowledged so far: a reload whose answer was asked for before one
   * of them is older than what the device shows, and is not stored (see the outbox's `acknowledged`).
   */
  acknowledged(kinds: OutboxKind | readonly OutboxKind[]): number {
    return outbox.acknowledged(kindsOf(kinds));
  },

  /** How queued writes of `kind` are sent and what their answers change on the device. */
  register<K extends OutboxKind, Result>(kind: K, handler: OutboxHandler<OutboxBodies[K], Result>): void {
    outbox.register(kind, handler);
  },

  /** Sends what is queued now, if the network and the session allow; answers how many still wait. */
  flush: flushOutbox,
};
