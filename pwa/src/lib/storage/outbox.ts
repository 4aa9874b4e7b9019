import type { Table } from 'dexie';
import { monotonicFactory } from 'ulid';
import { problemOf, type HttpProblem } from '../http/http-problem';

/** Outbox keys, also Idempotency-Keys: monotonic ULIDs sort by creation, and their random part keeps devices apart. */
export const newOutboxKey = monotonicFactory();

/** Keys of entries queued by earlier versions: 27 base-36 characters, which sort after every ULID. */
const LEGACY_KEY = /^[0-9a-z]{27}$/;

/** Queue order: entries queued by an earlier version first (they are older than any ULID), then by key. */
export function queueOrder(a: { key: string }, b: { key: string }): number {
  const legacy = Number(LEGACY_KEY.test(b.key)) - Number(LEGACY_KEY.test(a.key));
  return legacy || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** A write the shopper made that the server has not acknowledged yet (docs/architecture.md "The PWA's data layer"). */
export interface OutboxEntry<Body = unknown> {
  /** Sorts in the order the shopper acted (see `queueOrder`); sent as the Idempotency-Key. */
  key: string;
  op: string;
  body: Body;
  createdAt: string;
  attempts: number;
  /** Set when the server refused the write for good; the entry then waits for the shopper, unsent. */
  failed?: string;
}

export interface OutboxHandler<Body = unknown, Result = unknown> {
  /** Consecutive entries of this op are sent as one call (cart quantities are absolute: the last wins). */
  batch?: boolean;
  send(entries: OutboxEntry<Body>[]): Promise<Result>;
  /** Tables `settle` writes, so the local change and the outbox delete commit together. */
  tables?: Table[];
  settle?(entries: OutboxEntry<Body>[], result: Result): Promise<void>;
  /** The server refused (4xx): undo or explain; true keeps the entries, marked failed with the server's (or its own) words. */
  reject?(entries: OutboxEntry<Body>[], problem: HttpProblem): Promise<boolean>;
}

export interface OutboxOptions {
  /** Whether sending can work now (online and signed in). */
  canSend?: () => boolean;
  /** Called after each enqueue: ask the service worker for a Background Sync. */
  onEnqueued?: () => void;
}

const TRANSIENT = (status: number) => status <= 0 || status === 401 || status === 408 || status === 429 || status >= 500;

/** Sends queued writes in order; an entry is deleted only with its answer applied, so a crash leaves it queued, same key. */
export function createOutbox(table: Table<OutboxEntry, string>, options: OutboxOptions = {}) {
  const handlers = new Map<string, OutboxHandler<never, never>>();
  let running: Promise<void> | null = null;

  async function enqueue<Body>(op: string, body: Body, key: string = newOutboxKey()): Promise<string> {
    await table.put({ key, op, body, createdAt: new Date().toISOString(), attempts: 0 });
    options.onEnqueued?.();
    return key;
  }

  /** The head of the queue and, for batching ops, the run of same-op entries right behind it. */
  async function nextBatch(): Promise<OutboxEntry[]> {
    const waiting = (await table.filter((e) => !e.failed).toArray()).sort(queueOrder).slice(0, 50);
    const head = waiting[0];
    if (!head) return [];
    if (!handlers.get(head.op)?.batch) return [head];
    const run = waiting.findIndex((e) => e.op !== head.op);
    return run === -1 ? waiting : waiting.slice(0, run);
  }

  async function drain(): Promise<void> {
    for (;;) {
      if (options.canSend && !options.canSend()) return;
      const batch = await nextBatch();
      const handler = batch[0] && (handlers.get(batch[0].op) as OutboxHandler | undefined);
      if (!handler) return; // empty, or an op whose feature has not registered yet: keep order, wait
      const keys = batch.map((e) => e.key);
      let result: unknown;
      try {
        result = await handler.send(batch);
      } catch (error) {
        const problem = problemOf(error);
        if (TRANSIENT(problem.status)) {
          await table
            .where('key')
            .anyOf(keys)
            .modify((e) => void (e.attempts += 1));
          return;
        }
        const keep = (await handler.reject?.(batch, problem)) ?? false;
        if (keep)
          await table
            .where('key')
            .anyOf(keys)
            .modify((e) => void (e.failed ??= problem.message));
        else await table.bulkDelete(keys);
        continue;
      }
      await table.db.transaction('rw', [table, ...(handler.tables ?? [])], async () => {
        // Entries gone meanwhile (the shopper signed out) leave their answer unstored: it is another account's.
        if ((await table.where('key').anyOf(keys).count()) === keys.length) await handler.settle?.(batch, result);
        await table.bulkDelete(keys);
      });
    }
  }

  /** Single flight: callers arriving mid-flush wait for it, then one more pass picks up their writes. */
  async function flush(): Promise<void> {
    while (running) await running.catch(() => undefined); // a failed flush is its caller's to report
    running = drain().finally(() => (running = null));
    return running;
  }

  return {
    table,
    enqueue,
    flush,
    register<Body, Result>(op: string, handler: OutboxHandler<Body, Result>) {
      handlers.set(op, handler as unknown as OutboxHandler<never, never>);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
