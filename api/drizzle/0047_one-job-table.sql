-- One job table for every kind (docs/architecture.md#jobs): the notices' queue and the catalogue imports' progress
-- become rows of `jobs`, claimed, leased under a fencing token (`fence`, from jobs_fence), retried and reported alike.
CREATE SEQUENCE "jobs_fence";
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attachment" bytea,
	"bulk" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fence" bigint,
	"progress" jsonb,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_known" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("due_at") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_due_own" ON "jobs" USING btree ("due_at") WHERE "jobs"."state" in ('queued', 'running') and not "jobs"."bulk";--> statement-breakpoint
CREATE INDEX "jobs_failed" ON "jobs" USING btree ("finished_at") WHERE "jobs"."state" = 'failed';--> statement-breakpoint
-- The queue churns as the notices' did: vacuumed after every thousand changed rows, a claim reads only what is due.
ALTER TABLE "jobs" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
--> statement-breakpoint
-- Every notice as it stood: a running one keeps its lease's end as its due time, and is taken again when it passes.
INSERT INTO "jobs" ("id", "kind", "key", "payload", "bulk", "state", "attempts", "due_at", "last_error", "created_at", "finished_at")
SELECT "id", "kind", "key", "payload", "bulk", "state", "attempts", "due_at", "last_error", "created_at", "finished_at" FROM "notice_jobs";
--> statement-breakpoint
-- Every import with its figures, as the admin's screen reads them. One still running had its file only in its
-- instance's memory, which this deploy ends: it is failed, as a lost one was answered before.
INSERT INTO "jobs" ("id", "kind", "key", "payload", "state", "attempts", "due_at", "progress", "last_error", "created_at", "finished_at")
SELECT "id", 'catalog-import', 'catalog-import:' || "id", jsonb_build_object('adminId', "admin_id"),
       CASE WHEN "state" = 'done' THEN 'done' ELSE 'failed' END, 1, "heartbeat_at",
       jsonb_build_object('state', CASE WHEN "state" = 'done' THEN 'done' ELSE 'failed' END, 'next', 0, 'total', "total", 'done', "done",
                          'creates', "creates", 'updates', "updates", 'unchanged', "unchanged", 'conflicts', "conflicts", 'skipped', "skipped",
                          'errorCount', "error_count", 'errors', "errors", 'conflictRows', "conflict_rows"),
       CASE WHEN "state" = 'running' THEN 'the API restarted before the import ended: import the file again' END,
       "created_at", "heartbeat_at"
FROM "catalog_import_jobs";
--> statement-breakpoint
-- The queue's function, and the notices' on it (drizzle/0046's notices_enqueue, now a job of the one table).
CREATE FUNCTION "jobs_enqueue"(job_kind text, job_key text, job_payload jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "jobs" ("id", "kind", "key", "payload")
  VALUES (replace(gen_random_uuid()::text, '-', ''), job_kind, job_key, job_payload)
  ON CONFLICT ("key") DO NOTHING
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notices_enqueue"(notice_kind text, notice_key text, notice_payload jsonb) RETURNS void LANGUAGE sql AS $$
  SELECT jobs_enqueue(notice_kind, notice_key, notice_payload)
$$;
--> statement-breakpoint
DROP TABLE "notice_jobs";
--> statement-breakpoint
DROP TABLE "catalog_import_jobs";
