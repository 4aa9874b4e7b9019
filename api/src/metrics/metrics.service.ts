import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { imageDecodes } from '../files/index.js';
import { POOL_STATS, type PoolStats } from '../db/database.js';
import { OrderEvents } from '../orders/index.js';
import { ReadCache } from '../catalog/index.js';
import { NoticesService, NoticeWorker } from '../notices/index.js';
import { RealtimeGateway } from '../realtime/index.js';
import { MobileCodeSends } from '../throttle/index.js';

/**
 * Node's own series (event-loop lag, memory, GC, handles): one set per process, made by the first app and
 * shared by any later one in the same process. collectDefaultMetrics starts a GC observer and an
 * event-loop-delay timer that nothing stops; made in each app's registry, they held every closed app (its
 * registry, database and modules) for the rest of the process, and a test worker starts and closes dozens
 * (docs/architecture.md#caches-batches-pools-and-plans). A shop runs one app per process: the same series.
 */
let nodeDefaults: Registry | undefined;
function nodeMetrics(): Registry {
  if (!nodeDefaults) {
    nodeDefaults = new Registry();
    collectDefaultMetrics({ register: nodeDefaults, eventLoopMonitoringPrecision: 20 });
  }
  return nodeDefaults;
}

/**
 * The shop's Prometheus series, in a registry of its own (one per app): HTTP durations by route and
 * status, the database pool, the read cache, orders, the notice queue, sockets, and Node's defaults
 * (event-loop lag, memory, GC). Gauges read their source when scraped; nothing polls.
 */
@Injectable()
export class MetricsService implements OnModuleInit {
  /** The app's own series; `registry` adds Node's (nodeMetrics()) for the scrape. */
  private readonly own = new Registry();
  readonly registry: Registry;
  private readonly http = new Histogram({
    name: 'haat_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.own],
  });
  private readonly orders = new Counter({
    name: 'haat_orders_placed_total',
    help: 'Orders placed (cash on delivery) or paid (card)',
    labelNames: ['payment'] as const,
    registers: [this.own],
  });

  constructor(
    @Inject(POOL_STATS) pools: () => PoolStats[],
    private readonly moduleRef: ModuleRef,
  ) {
    const registers = [this.own];
    new Gauge({
      name: 'haat_db_pool_connections',
      help: 'PostgreSQL connections by pool (main, statement, search) and state (in use, idle, max); the embedded database counts one main connection, always in use',
      labelNames: ['pool', 'state'] as const,
      registers,
      collect() {
        for (const p of pools()) {
          this.set({ pool: p.pool, state: 'in_use' }, p.inUse);
          this.set({ pool: p.pool, state: 'idle' }, p.idle);
          this.set({ pool: p.pool, state: 'max' }, p.max);
        }
      },
    });
    new Gauge({
      name: 'haat_db_pool_waiting_clients',
      help: 'Queries waiting for a connection, by pool',
      labelNames: ['pool'] as const,
      registers,
      collect() {
        for (const p of pools()) this.set({ pool: p.pool }, p.waiting);
      },
    });
    new Counter({
      name: 'haat_read_cache_hits_total',
      help: 'Catalogue read-cache answers found',
      registers,
      collect() {
        this.reset();
        this.inc(ReadCache.stats.hits);
      },
    });
    new Counter({
      name: 'haat_read_cache_misses_total',
      help: 'Catalogue read-cache loads',
      registers,
      collect() {
        this.reset();
        this.inc(ReadCache.stats.misses);
      },
    });
    const notices = () => this.optional(NoticesService);
    const worker = () => this.optional(NoticeWorker);
    new Gauge({
      name: 'haat_notice_queue',
      help: "Jobs of the queue (notices by push, WhatsApp and e-mail; catalogue imports; pickup orders' clocks) by state: queued (due, running, or waiting to be tried again; not one queued for later and not due yet) and failed (given up on), in the shop database",
      labelNames: ['state'] as const,
      registers,
      async collect() {
        const counts = await notices()?.counts();
        this.set({ state: 'queued' }, counts?.queued ?? 0);
        this.set({ state: 'failed' }, counts?.failed ?? 0);
      },
    });
    new Counter({
      name: 'haat_notice_tries_total',
      help: "This instance's job tries that failed, by outcome: retry (tried again later), failed (given up), lease_lost (another instance had taken it)",
      labelNames: ['outcome'] as const,
      registers,
      collect() {
        const c = worker()?.counters;
        this.reset();
        this.inc({ outcome: 'retry' }, c?.retried ?? 0);
        this.inc({ outcome: 'failed' }, c?.failed ?? 0);
        this.inc({ outcome: 'lease_lost' }, c?.leaseLost ?? 0);
      },
    });
    new Gauge({
      name: 'haat_image_decodes',
      help: `Image decodes running (at most ${imageDecodes.max}) and waiting for a slot`,
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'running' }, imageDecodes.active);
        this.set({ state: 'waiting' }, imageDecodes.waiting);
      },
    });
    const gateway = () => this.optional(RealtimeGateway);
    new Gauge({
      name: 'haat_socket_connections',
      help: 'Open socket.io connections on this instance',
      registers,
      collect() {
        this.set(gateway()?.server?.engine?.clientsCount ?? 0);
      },
    });
    const sends = () => this.optional(MobileCodeSends);
    new Gauge({
      name: 'haat_sms_budget_used',
      help: "Texts sent in the shop-wide budget's current hour and day, and the budget (SMS_BUDGET_PER_HOUR, SMS_BUDGET_PER_DAY), as this instance last counted",
      labelNames: ['window', 'of'] as const,
      registers,
      collect() {
        for (const [window, seen] of Object.entries(sends()?.budgetSeen ?? {})) {
          this.set({ window, of: 'sent' }, seen.used);
          this.set({ window, of: 'budget' }, seen.limit);
        }
      },
    });
    new Gauge({
      name: 'haat_sms_budget_near',
      help: '1 when texts sent have reached 80 % of either shop-wide budget (the hour or the day), else 0',
      registers,
      collect() {
        this.set(sends()?.budgetNear ? 1 : 0);
      },
    });
    this.registry = Registry.merge([this.own, nodeMetrics()]);
  }

  onModuleInit(): void {
    this.optional(OrderEvents)?.listen({
      placed: (change) => this.orders.inc({ payment: change.order.paymentStatus === 'CASH ON DELIVERY' ? 'cod' : 'card' }),
    });
  }

  /** Times every request by its route pattern (not its URL, so ids do not explode the series). */
  observe(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? 'unmatched';
      this.http.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });
  }

  private optional<T>(token: new (...args: never[]) => T): T | null {
    try {
      return this.moduleRef.get(token, { strict: false });
    } catch {
      return null;
    }
  }
}
