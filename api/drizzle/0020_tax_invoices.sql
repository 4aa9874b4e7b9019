CREATE TABLE "invoice_series" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" text,
	"reason" text,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_invoice_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_credit_note_per_reason" ON "invoices" USING btree ("order_id","reason") WHERE "invoices"."kind" = 'credit_note';