ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" numeric(4, 2);