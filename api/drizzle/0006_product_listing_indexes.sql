DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "products_sale_price_idx";--> statement-breakpoint
CREATE INDEX "products_published_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."publish";--> statement-breakpoint
CREATE INDEX "products_published_price_idx" ON "products" USING btree ("sale_price","id") WHERE "products"."publish";