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
CREATE INDEX "stock_alerts_user" ON "stock_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
-- Back in stock (docs/decisions/0320-notices-from-where-stock-and-prices-change.md): a pool of the
-- national warehouse whose available units rise above 0 (a restock, a cancellation, an expired checkout, a return,
-- a transfer back from a store, whatever statement does it) queues one 'back-in-stock' notice, in the same
-- transaction, when a shopper waits for one of the units it sells; the notice's handler tells each open wait.
CREATE FUNCTION "stock_back_on_sale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "product_variants" v
    JOIN "stock_alerts" a ON a."product_id" = v."product_id" AND a."told_at" IS NULL
      AND (CASE WHEN v."is_default" THEN a."variant_id" IS NULL ELSE a."variant_id" = v."id" END)
    WHERE v."inventory_level_id" = NEW."id"
  ) THEN
    INSERT INTO "notice_jobs" ("id", "kind", "key", "payload")
    VALUES (replace(gen_random_uuid()::text, '-', ''), 'back-in-stock',
            'back-in-stock:' || NEW."id" || ':' || replace(gen_random_uuid()::text, '-', ''), jsonb_build_object('levelId', NEW."id"))
    ON CONFLICT ("key") DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stock_back_on_sale" AFTER UPDATE OF "on_hand", "reserved" ON "inventory_levels" FOR EACH ROW
  WHEN (OLD."on_hand" - OLD."reserved" <= 0 AND NEW."on_hand" - NEW."reserved" > 0 AND NEW."store_id" IS NULL)
  EXECUTE FUNCTION "stock_back_on_sale"();
--> statement-breakpoint
-- An option that sold from its product's sold-out pool and is given stock of its own moves to a new pool: back on sale too.
CREATE FUNCTION "option_back_on_sale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT "available" FROM "inventory_levels" WHERE "id" = NEW."inventory_level_id") > 0
     AND coalesce((SELECT "available" FROM "inventory_levels" WHERE "id" = OLD."inventory_level_id"), 0) <= 0
     AND EXISTS (SELECT 1 FROM "stock_alerts" a WHERE a."product_id" = NEW."product_id" AND a."variant_id" = NEW."id" AND a."told_at" IS NULL) THEN
    INSERT INTO "notice_jobs" ("id", "kind", "key", "payload")
    VALUES (replace(gen_random_uuid()::text, '-', ''), 'back-in-stock',
            'back-in-stock:' || NEW."inventory_level_id" || ':' || replace(gen_random_uuid()::text, '-', ''), jsonb_build_object('levelId', NEW."inventory_level_id"))
    ON CONFLICT ("key") DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "option_back_on_sale" AFTER UPDATE OF "inventory_level_id" ON "product_variants" FOR EACH ROW
  WHEN (OLD."inventory_level_id" IS DISTINCT FROM NEW."inventory_level_id" AND NOT NEW."is_default")
  EXECUTE FUNCTION "option_back_on_sale"();
--> statement-breakpoint
-- Price drops (docs/product.md#price-drops): a published product whose selling price falls below the price a
-- wishlist entry last knew marks the entry (the drop it has not seen, the price it now knows) and queues one
-- 'price-drop' notice per entry, in the transaction of the change; the key names the entry and the two prices,
-- and an entry's known price only ever falls, so a drop is told once however many edits make it.
CREATE FUNCTION "wishlist_price_fell"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_paise integer := round(NEW."sale_price" * 100)::integer;
BEGIN
  WITH fell AS (
    SELECT w."user_id", w."created_at", w."known_paise" AS was FROM "wishlist_items" w
    WHERE w."product_id" = NEW."id" AND w."known_paise" > now_paise
    FOR UPDATE
  ), marked AS (
    UPDATE "wishlist_items" w SET "dropped_from_paise" = coalesce(w."dropped_from_paise", f.was), "known_paise" = now_paise
    FROM fell f WHERE w."user_id" = f."user_id" AND w."product_id" = NEW."id"
    RETURNING w."user_id"
  )
  INSERT INTO "notice_jobs" ("id", "kind", "key", "payload")
  SELECT replace(gen_random_uuid()::text, '-', ''), 'price-drop',
         'price-drop:' || f."user_id" || ':' || NEW."id" || ':' || extract(epoch FROM f."created_at")::text || ':' || f.was || ':' || now_paise,
         jsonb_build_object('userId', f."user_id", 'productId', NEW."id", 'fromPaise', f.was, 'toPaise', now_paise)
  FROM fell f WHERE f."user_id" IN (SELECT "user_id" FROM marked)
  ON CONFLICT ("key") DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wishlist_price_fell" AFTER UPDATE OF "price", "discount" ON "products" FOR EACH ROW
  WHEN (NEW."sale_price" < OLD."sale_price" AND NEW."publish")
  EXECUTE FUNCTION "wishlist_price_fell"();
