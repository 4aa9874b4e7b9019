DROP INDEX "cart_items_user_product_key";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_name" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_product_variant_key" UNIQUE NULLS NOT DISTINCT("user_id","product_id","variant_id");