-- Every product and option gets a SKU (docs/product.md#catalogue-in-bulk). Existing products take one made from
-- their name (its Latin letters and digits in capitals, at most 24) and their place in the catalogue (oldest
-- first, then id), so it is the same on every copy of the same data and unique; options take their product's
-- SKU and their place among its options. A product's SKU ends in six or more digits and an option's in one or
-- two, so the two never meet.
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "products" p SET "sku" = n.stem || '-' || lpad(n.place::text, greatest(6, length(n.place::text)), '0')
FROM (
  SELECT "id",
    coalesce(nullif(regexp_replace(left(trim(both '-' from regexp_replace(upper("name"), '[^A-Z0-9]+', '-', 'g')), 24), '-+$', ''), ''), 'P') AS stem,
    row_number() OVER (ORDER BY "created_at", "id") AS place
  FROM "products"
) n
WHERE n."id" = p."id";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
UPDATE "product_variants" v SET "sku" = CASE WHEN v."is_default" THEN NULL ELSE o.sku END
FROM (
  SELECT pv."id", p."sku" || '-' || row_number() OVER (PARTITION BY pv."product_id" ORDER BY pv."position", pv."id") AS sku
  FROM "product_variants" pv JOIN "products" p ON p."id" = pv."product_id"
  WHERE NOT pv."is_default"
  UNION ALL
  SELECT pv."id", NULL FROM "product_variants" pv WHERE pv."is_default"
) o
WHERE o."id" = v."id";--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku" ON "product_variants" USING btree ("sku") WHERE "product_variants"."sku" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku" ON "products" USING btree ("sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_form" CHECK ("products"."sku" ~ '^[A-Z0-9][A-Z0-9_-]{0,39}$');
