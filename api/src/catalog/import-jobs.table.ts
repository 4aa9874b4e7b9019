import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImportProblem } from '@haat/shared/catalog/catalog-import';

/**
 * A catalogue import being applied (docs/decisions/0315-catalogue-import-by-sku.md): its progress and outcome,
 * kept here so a page reloaded, or another instance of the API, can answer how far it is. The instance that
 * took the file runs it and writes after every batch (`heartbeat_at`); a running job whose heartbeat is older
 * than a few minutes lost its instance and is answered as failed.
 */
export const importJobs = pgTable(
  'catalog_import_jobs',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id'),
    state: text('state', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    creates: integer('creates').notNull().default(0),
    updates: integer('updates').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    conflicts: integer('conflicts').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** Problems in English as the API words them; translated when read (api/src/i18n/localize-message.ts). */
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').$type<ImportProblem[]>().notNull().default([]),
    conflictRows: jsonb('conflict_rows').$type<ImportProblem[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('catalog_import_jobs_created_idx').on(t.createdAt)],
);
