import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { IMPORT_MAX_PROBLEMS, type ImportJobStatus, type ImportProblem, type ImportReport } from '@haat/shared/catalog/catalog-import';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { Language } from '@haat/shared/common/languages';
import { DB, POOL_STATS, type Db, type PoolStats } from '../../db/database.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AppError, notFound } from '../../common/app-error.js';
import { newId } from '../../common/ids.js';
import { eventLoopTurns } from '../../common/event-loop-turns.js';
import { FilesService, imageUrlByContent } from '../../files/index.js';
import { localizeMessage } from '../../i18n/localize-message.js';
import { JobKinds, JobsService, type RunningJob } from '../../jobs/index.js';
import { CatalogVersion } from '../catalog-version.js';
import { PRODUCT_SEARCH, type ProductSearch } from '../product-search.js';
import { skuConflict } from '../product-skus.js';
import { products } from '../products.table.js';
import { analyzeStock } from '../../inventory/index.js';
import { importProduct } from '../product-writes.js';
import { IMPORT_KIND, importKey, progressAfter, startProgress, statusOf, type ImportPayload, type ImportProgress } from './import-job.js';
import { planContext, planProduct, isUrl, type PictureUrl, type ProductPlan } from './import-plan.js';
import { readRows } from './import-rows.js';
import { readZip, type ImportUpload, type PictureZip } from './import-upload.js';

/** Products written between two progress saves (and catalogue version bumps). */
const BATCH = 100;

/** Rows created by a job past which the catalogue's and stock's planner statistics are refreshed at its end (see analyzeStock). */
const ANALYZE_AFTER_CREATES = 1000;

/** The most products a batch writes at once, each on a connection of the main pool (see lanesOf). */
const MAX_LANES = 4;

interface Planned {
  plans: ProductPlan[];
  report: ImportReport;
}

/**
 * The catalogue's import (docs/decisions/0315-catalogue-import-by-sku.md): a file is planned row by row against the
 * shop (the dry run answers that plan), then applied one product to a transaction, a few products at once, in
 * batches, as a job of the shop's queue (docs/architecture.md#jobs): any instance runs it, a killed one's is taken
 * over where its last batch ended, and its progress is kept on the job for any instance to answer.
 */
@Injectable()
export class CatalogImportService implements OnModuleInit {
  private readonly logger = new Logger('CatalogImport');
  private readonly lanes: number;

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly version: CatalogVersion,
    private readonly files: FilesService,
    @Inject(PRODUCT_SEARCH) private readonly search: ProductSearch,
    @Inject(POOL_STATS) pools: () => PoolStats[],
    private readonly jobs: JobsService,
    private readonly kinds: JobKinds,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.lanes = lanesOf(pools());
  }

  onModuleInit(): void {
    this.kinds.register<ImportPayload>(IMPORT_KIND, { run: (payload, job) => this.run(payload, job) });
  }

  async dryRun(upload: ImportUpload): Promise<ImportReport> {
    return (await this.plan(upload)).report;
  }

  /**
   * Plans the file (its report is the job's first progress) and queues the job that applies it, with the file's rows
   * and its pictures ZIP: answers the job's id at once.
   */
  async start(upload: ImportUpload, adminId: string | null): Promise<string> {
    const { plans, report } = await this.plan(upload);
    const jobId = newId();
    await this.jobs.enqueue(null, {
      kind: IMPORT_KIND,
      key: importKey(jobId),
      payload: { adminId, sheet: upload.sheet } satisfies ImportPayload,
      progress: startProgress(report, plans),
      ...(upload.picturesZip ? { attachment: upload.picturesZip } : {}),
    });
    return jobId;
  }

  async status(jobId: string, language: Language): Promise<ImportJobStatus> {
    const job = await this.jobs.status(importKey(jobId));
    if (!job || job.kind !== IMPORT_KIND) throw notFound('Import');
    return localized(statusOf(jobId, job), language);
  }

  /** The job: the file planned again against the shop as it is now, then applied from where an earlier try's last batch ended. */
  private async run({ adminId, sheet }: ImportPayload, job: RunningJob): Promise<ImportProgress> {
    const bytes = await job.attachment();
    const pictures = bytes ? await readZip(bytes) : null;
    const { plans, report } = await this.plan({ sheet, pictures });
    return this.apply(job, plans, report, pictures, adminId);
  }

  private async plan(upload: ImportUpload): Promise<Planned> {
    const read = await readRows(upload.sheet);
    const ctx = await planContext(this.db, read, pictureResolver(upload.pictures), this.config.hsnDigits);
    const plans: ProductPlan[] = [];
    // The plan is CPU work on the event loop: other requests are answered between products.
    const turn = eventLoopTurns();
    for (const group of read.products) {
      await turn();
      plans.push(await planProduct(ctx, group));
    }
    const report: ImportReport = {
      total: read.total,
      ...countRows(plans),
      errors: sorted(ctx.problems).slice(0, IMPORT_MAX_PROBLEMS),
      errorCount: ctx.problems.length,
      conflictRows: sorted(ctx.conflicts).slice(0, IMPORT_MAX_PROBLEMS),
    };
    return { plans, report };
  }

  /**
   * Writes the plans in batches, reporting the job's progress after each; a try that takes over an earlier one's job
   * starts after the last batch it reported, with its figures (a product of the batch that try was writing, written
   * before it stopped, is planned again as unchanged).
   */
  private async apply(job: RunningJob, plans: ProductPlan[], planned: ImportReport, zip: PictureZip | null, adminId: string | null): Promise<ImportProgress> {
    const earlier = job.progress as ImportProgress | null;
    let progress = earlier?.next ? earlier : startProgress(planned, plans);
    for (let i = progress.next; i < plans.length; i += BATCH) {
      const batch = plans.slice(i, i + BATCH);
      const changed: string[] = [];
      const failures: Array<{ conflict: boolean; problem: ImportProblem }> = [];
      await inLanes(batch, this.lanes, async (plan) => {
        const failure = plan.kind === 'create' || plan.kind === 'update' ? await this.write(plan, zip, adminId, changed) : null;
        if (failure) {
          failures.push(failure);
          for (const r of plan.rows) r.outcome = r.row === failure.problem.row ? (failure.conflict ? 'conflict' : 'error') : 'skipped';
        }
      });
      await this.committed(changed);
      const last = i + BATCH >= plans.length;
      progress = progressAfter(progress, batch, failures, countRows(batch), last);
      // Before the job says done: the next file's plan reads these tables at their new size.
      if (last && progress.creates >= ANALYZE_AFTER_CREATES) {
        await this.db.execute(sql`analyze ${products}`);
        await analyzeStock(this.db);
      }
      // A commit waited for: the batch's own commits (not waited for, see write) are on disk once this one is.
      if (!last) await job.report(progress);
    }
    return { ...progress, state: 'done' };
  }

  /** Once a batch's products are written: their words searchable (one statement), the catalogue's version bumped, every instance told. */
  private async committed(changed: string[]): Promise<void> {
    if (changed.length === 0) return;
    await this.search.learnWords(this.db, changed);
    await this.version.bump();
    await this.search.productsChanged(changed, 'content');
  }

  /**
   * One product in one transaction, its pictures stored first; answers the row's problem when it could not be written.
   * Its commit is not waited for (synchronous_commit off): the batch's progress, written next with a commit that is,
   * puts it on disk, so a database crash loses at most the batch under way, which the job's next try writes again
   * (docs/decisions/0315-catalogue-import-by-sku.md).
   */
  private async write(
    plan: ProductPlan,
    zip: PictureZip | null,
    adminId: string | null,
    changed: string[],
  ): Promise<{ conflict: boolean; problem: ImportProblem } | null> {
    const row = plan.rows[0]!.row;
    try {
      for (const name of plan.pictures) {
        const bytes = await zip?.read(name);
        if (bytes) await this.files.saveImageByContent(bytes);
      }
      const id = await this.db
        .transaction(async (tx) => {
          await tx.execute(sql`set local synchronous_commit = off`);
          return importProduct(tx, plan.create ? { create: plan.create } : { update: plan.update! }, adminId);
        })
        .catch((e: unknown) => {
          throw skuConflict(e, plan.create ?? plan.update!);
        });
      changed.push(id);
      return null;
    } catch (e) {
      if (!(e instanceof AppError)) this.logger.warn(`import row ${row} (${plan.sku}) not written: ${(e as Error).message}`);
      return { conflict: e instanceof AppError && e.code === ErrorCode.StockChanged, problem: problemOf(e, row) };
    }
  }
}

/**
 * How many products a batch writes at once: one on PGlite (one connection), else up to MAX_LANES, at most half the
 * main pool, the rest left to the shop's requests. Products of one file are distinct and each write takes its locks
 * in the house's order (docs/decisions/0216-one-lock-order-for-orders-and-admin-writes.md); their words, which every
 * product shares, are learnt after the batch (see committed), so two lanes never wait for each other.
 */
function lanesOf(pools: PoolStats[]): number {
  const main = pools.find((p) => p.pool === 'main');
  return Math.max(1, Math.min(MAX_LANES, Math.floor((main?.max ?? 1) / 2)));
}

/** Runs `each` over `items`, at most `lanes` at a time, in order of start. */
async function inLanes<T>(items: readonly T[], lanes: number, each: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await each(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/** What stopped a product's write, as a problem of its first row: the field the API names, else the SKU. */
function problemOf(e: unknown, row: number): ImportProblem {
  if (!(e instanceof AppError)) return { row, column: 'sku', message: 'could not be saved; import the file again to retry this row' };
  const field = String((e.extra.fields as string[] | undefined)?.[0] ?? 'sku');
  const column = field.startsWith('variants') ? (field.endsWith('.sku') ? 'sku' : 'option') : field === 'gstRate' ? 'gst_rate' : field;
  const message = (e.getResponse() as { message?: string }).message ?? e.message;
  return { row, column: e.code === ErrorCode.StockChanged ? 'stock' : column, message: message.replace(/^[\w.]+: /, '') };
}

/** Reads ZIP entries once each: the URL its bytes will have, or why it cannot be a picture. */
function pictureResolver(zip: PictureZip | null): PictureUrl {
  const known = new Map<string, Promise<string | { problem: string }>>();
  const resolve = async (name: string): Promise<string | { problem: string }> => {
    if (isUrl(name)) return name;
    const bytes = zip?.names.has(name) ? await zip.read(name) : undefined;
    if (!bytes) return { problem: `"${name}" is not in the pictures ZIP` };
    try {
      await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      return { problem: `"${name}" is not a picture that can be read` };
    }
    return imageUrlByContent(bytes);
  };
  return (name) => {
    let found = known.get(name);
    if (!found) known.set(name, (found = resolve(name)));
    return found;
  };
}

export function countRows(plans: ProductPlan[]) {
  const counts = { creates: 0, updates: 0, unchanged: 0, conflicts: 0, skipped: 0 };
  for (const plan of plans)
    for (const r of plan.rows) {
      if (r.outcome === 'create') counts.creates++;
      else if (r.outcome === 'update') counts.updates++;
      else if (r.outcome === 'unchanged') counts.unchanged++;
      else if (r.outcome === 'conflict') counts.conflicts++;
      else if (r.outcome === 'skipped') counts.skipped++;
    }
  return counts;
}

const sorted = (problems: ImportProblem[]) => [...problems].sort((a, b) => a.row - b.row);

/** A report's messages in the admin's language (stored and built in English, as every answer is). */
export function localized<T extends ImportReport>(report: T, language: Language): T {
  if (language === 'en-IN') return report;
  const each = (list: ImportProblem[]) => list.map((p) => ({ ...p, message: localizeMessage(p.message, language) }));
  return { ...report, errors: each(report.errors), conflictRows: each(report.conflictRows) };
}
