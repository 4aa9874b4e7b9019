ALTER TABLE "inventory_levels" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD COLUMN "options" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each product's default pool learns its product and how many options the product has.
UPDATE "inventory_levels" l SET "product_id" = v."product_id",
  "options" = (SELECT count(*) FROM "product_variants" o WHERE o."product_id" = v."product_id" AND NOT o."is_default")
  FROM "product_variants" v WHERE v."inventory_level_id" = l."id" AND v."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_levels_product" ON "inventory_levels" USING btree ("product_id");
