CREATE TABLE "gst_rate_moves" (
	"product_id" text PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"hsn" text,
	"rate_before" numeric(4, 2) NOT NULL,
	"rate_after" numeric(4, 2),
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_before" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_since" text;