-- Catalogue imports keep their progress in the database (docs/decisions/0315-catalogue-import-by-sku.md), and stock set
-- from an imported file is a ledger row of its own reason, `import`.
CREATE TABLE "catalog_import_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"admin_id" text,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"creates" integer DEFAULT 0 NOT NULL,
	"updates" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"conflicts" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conflict_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason";--> statement-breakpoint
CREATE INDEX "catalog_import_jobs_created_idx" ON "catalog_import_jobs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason" CHECK ("stock_movements"."reason" in ('order', 'cancel', 'expiry', 'fulfil', 'adjustment', 'initial', 'return', 'transfer', 'import'));