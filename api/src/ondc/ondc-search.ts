import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { DB, type Db } from '../db/database.js';
import { errorFacts } from '../common/error-facts.js';
import { ONDC_ERRORS, OndcRefusal, unsolicitedContext, type BecknContext } from './beckn-context.js';
import { CallbackOutbox, type OndcCallback } from './callback-outbox.js';
import { CatalogueWriter } from './catalogue.js';
import { OndcGateway, SKIP_CALLBACK } from './ondc-gateway.js';
import { ondcCatalogueWatches } from './ondc.table.js';

/** What an on_search carries: the whole catalogue, or what changed in a window (an incremental refresh). */
export type SearchInput = { kind: 'full' } | { kind: 'window'; since: string; until: string };

/** How often the catalogue's changes are pushed to the buyer apps watching it. */
const PUSH_EVERY_MS = 10_000;

interface Tag {
  code?: string;
  list?: Array<{ code?: string; value?: string }>;
}

const refused = (message: string) => new OndcRefusal(400, { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.invalidRequest, message });

/**
 * search and on_search (docs/product.md#selling-on-ondc): a full catalogue; an incremental refresh pulled for a
 * window (`catalog_inc` with start_time and end_time); or pushed (`catalog_inc` mode start … stop): then every
 * PUSH_EVERY_MS the products changed since the last push go to the buyer app as an unsolicited on_search. A push's
 * window is claimed by moving the watch's `pushed_up_to` from its old value, in the transaction that queues it, so
 * of several instances one sends each window, once.
 */
@Injectable()
export class OndcSearch implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OndcSearch');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly gateway: OndcGateway,
    private readonly outbox: CallbackOutbox,
    private readonly writer: CatalogueWriter,
  ) {}

  onModuleInit(): void {
    this.gateway.take('search', (context, message) => this.take(context, message));
    this.outbox.respond<SearchInput>('on_search', async (callback, job) => {
      const file = await this.outbox.scratchFile(job.key);
      await this.writer.writeMessage(file, callback.context?.domain ?? '', windowOf(callback.input));
      return { file };
    });
  }

  onApplicationBootstrap(): void {
    if (!this.gateway.registry) return;
    this.timer = setInterval(
      () => void this.pushChanges().catch((e: unknown) => this.logger.warn(`catalogue changes not pushed: ${errorFacts(e)}`)),
      PUSH_EVERY_MS,
    );
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async take(context: BecknContext, message: Record<string, unknown>): Promise<SearchInput | typeof SKIP_CALLBACK> {
    const intent = message.intent as { tags?: Tag[] } | undefined;
    if (!intent || typeof intent !== 'object') throw refused('message.intent is missing');
    const inc = (intent.tags ?? []).find((t) => t?.code === 'catalog_inc');
    if (!inc) return { kind: 'full' };
    const values = new Map((inc.list ?? []).map((l) => [l.code, l.value]));
    const mode = values.get('mode');
    if (mode === 'start' || mode === 'stop') {
      await this.watch(context, mode);
      return SKIP_CALLBACK;
    }
    const since = Date.parse(values.get('start_time') ?? '');
    const until = Date.parse(values.get('end_time') ?? '');
    if (Number.isNaN(since) || Number.isNaN(until)) throw refused('catalog_inc needs mode (start, stop) or start_time and end_time');
    if (until <= since) throw refused('catalog_inc end_time must be after start_time');
    return { kind: 'window', since: new Date(since).toISOString(), until: new Date(Math.min(until, Date.now())).toISOString() };
  }

  private async watch(context: BecknContext, mode: 'start' | 'stop'): Promise<void> {
    const id = `${context.bap_id}|${context.domain}|${context.city}`;
    if (mode === 'stop') {
      await this.db.delete(ondcCatalogueWatches).where(eq(ondcCatalogueWatches.id, id));
      return;
    }
    const row = {
      id,
      bapId: context.bap_id,
      bapUri: context.bap_uri,
      domain: context.domain,
      city: context.city,
      transactionId: context.transaction_id,
      pushedUpTo: new Date(),
    };
    await this.db
      .insert(ondcCatalogueWatches)
      .values(row)
      .onConflictDoUpdate({ target: ondcCatalogueWatches.id, set: { bapUri: row.bapUri, transactionId: row.transactionId } });
  }

  /** Queues, for each watch, an on_search of what changed since its last push (none when nothing did: the catalogue answers empty). */
  async pushChanges(now = new Date()): Promise<number> {
    const watches = await this.db.select().from(ondcCatalogueWatches);
    let queued = 0;
    for (const watch of watches) {
      const until = now;
      if (until <= watch.pushedUpTo) continue;
      if (!(await this.writer.changedAny(watch.domain, { since: watch.pushedUpTo, until }))) continue;
      queued += await this.db.transaction(async (tx) => {
        const claimed = await tx
          .update(ondcCatalogueWatches)
          .set({ pushedUpTo: until })
          .where(and(eq(ondcCatalogueWatches.id, watch.id), eq(ondcCatalogueWatches.pushedUpTo, watch.pushedUpTo)))
          .returning({ id: ondcCatalogueWatches.id });
        if (!claimed.length) return 0;
        const callback: OndcCallback<SearchInput> = {
          action: 'on_search',
          bapUri: watch.bapUri,
          context: unsolicitedContext(
            { ...watch, bap_id: watch.bapId, bap_uri: watch.bapUri, transaction_id: watch.transactionId },
            'on_search',
            this.gateway.bpp(),
            now,
          ),
          input: { kind: 'window', since: watch.pushedUpTo.toISOString(), until: until.toISOString() },
          expiresAt: null,
        };
        return this.outbox.enqueue(tx, [{ key: `on_search:watch:${watch.id}:${until.toISOString()}`, callback }]);
      });
    }
    return queued;
  }
}

function windowOf(input: SearchInput) {
  return input.kind === 'window' ? { since: new Date(input.since), until: new Date(input.until) } : null;
}
