CREATE TABLE "stock_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"told_at" timestamp with time zone
);
--> statement-breakpoint
-- "Notify me" waits and price drops on the wishlist (docs/product.md#back-in-stock, #price-drops). An entry made
-- before this knows the price its product sells at now.
ALTER TABLE "wishlist_items" ADD COLUMN "known_paise" integer;--> statement-breakpoint
UPDATE "wishlist_items" w SET "known_paise" = round(p."sale_price" * 100)::int FROM "products" p WHERE p."id" = w."product_id";--> statement-breakpoint
ALTER TABLE "wishlist_items" ALTER COLUMN "known_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "dropped_from_paise" integer;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_unit" ON "stock_alerts" USING btree ("user_id","product_id",coalesce("variant_id", '')) WHERE "stock_alerts"."told_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_open_product" ON "stock_alerts" USING btree ("product_id","variant_id") WHERE "stock_alerts"."told_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_user" ON "stock_alerts" USING btree ("user_id","created_at");