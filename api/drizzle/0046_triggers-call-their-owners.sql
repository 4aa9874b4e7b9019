-- Each table is written only by its owner, in triggers too (docs/architecture.md#who-owns-which-table): a trigger on
-- one domain's table that has news for another calls a function of that domain, which writes its own tables. The
-- table-owners check reads these functions (eslint/migration-owners.js).
--
-- The notices' function: queues one notice, a key already taken skipped (as NoticesService.enqueue does).
CREATE FUNCTION "notices_enqueue"(notice_kind text, notice_key text, notice_payload jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "notice_jobs" ("id", "kind", "key", "payload")
  VALUES (replace(gen_random_uuid()::text, '-', ''), notice_kind, notice_key, notice_payload)
  ON CONFLICT ("key") DO NOTHING
$$;
--> statement-breakpoint
-- Back in stock's function (docs/decisions/0320-notices-from-where-stock-and-prices-change.md): a pool came back on
-- sale selling these units (a product with no option named: its default unit); when a shopper waits for one of them,
-- one 'back-in-stock' notice is queued for the pool, whose handler tells each open wait.
CREATE FUNCTION "back_in_stock_on_sale"(level_id text, unit_products text[], unit_variants text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM unnest(unit_products, unit_variants) AS u(product_id, variant_id)
    JOIN "stock_alerts" a ON a."product_id" = u.product_id AND a."told_at" IS NULL AND a."variant_id" IS NOT DISTINCT FROM u.variant_id
  ) THEN
    PERFORM notices_enqueue('back-in-stock', 'back-in-stock:' || level_id || ':' || replace(gen_random_uuid()::text, '-', ''),
                            jsonb_build_object('levelId', level_id));
  END IF;
END $$;
--> statement-breakpoint
-- The inventory's triggers (on inventory_levels and product_variants, as before) tell back in stock which units a
-- pool that came back on sale sells; they read only the inventory's own tables.
CREATE OR REPLACE FUNCTION "stock_back_on_sale"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sold_products text[];
  sold_variants text[];
BEGIN
  SELECT array_agg(v."product_id"), array_agg(CASE WHEN v."is_default" THEN NULL ELSE v."id" END)
    INTO sold_products, sold_variants
    FROM "product_variants" v WHERE v."inventory_level_id" = NEW."id";
  IF sold_products IS NOT NULL THEN
    PERFORM back_in_stock_on_sale(NEW."id", sold_products, sold_variants);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "option_back_on_sale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT "available" FROM "inventory_levels" WHERE "id" = NEW."inventory_level_id") > 0
     AND coalesce((SELECT "available" FROM "inventory_levels" WHERE "id" = OLD."inventory_level_id"), 0) <= 0 THEN
    PERFORM back_in_stock_on_sale(NEW."inventory_level_id", ARRAY[NEW."product_id"], ARRAY[NEW."id"]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The catalogue's trigger on products, which wrote the wishlist itself, gives way to one that calls the wishlist.
DROP TRIGGER "wishlist_price_fell" ON "products";
--> statement-breakpoint
DROP FUNCTION "wishlist_price_fell"();
--> statement-breakpoint
-- The wishlist's function (docs/product.md#price-drops): a published product's selling price fell to `now_paise`;
-- each entry that knew a higher price is marked (the drop it has not seen, the price it now knows) and gets one
-- 'price-drop' notice, keyed by the entry and the two prices, so a drop is told once however many edits make it.
CREATE FUNCTION "wishlist_price_fell"(fell_product text, now_paise integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  entry record;
BEGIN
  FOR entry IN
    UPDATE "wishlist_items" w SET "dropped_from_paise" = coalesce(w."dropped_from_paise", f.was), "known_paise" = now_paise
      FROM (SELECT i."user_id", i."known_paise" AS was FROM "wishlist_items" i
             WHERE i."product_id" = fell_product AND i."known_paise" > now_paise FOR UPDATE) f
     WHERE w."user_id" = f."user_id" AND w."product_id" = fell_product
    RETURNING w."user_id", w."created_at", f.was
  LOOP
    PERFORM notices_enqueue('price-drop',
      'price-drop:' || entry."user_id" || ':' || fell_product || ':' || extract(epoch FROM entry."created_at")::text || ':' || entry.was || ':' || now_paise,
      jsonb_build_object('userId', entry."user_id", 'productId', fell_product, 'fromPaise', entry.was, 'toPaise', now_paise));
  END LOOP;
END $$;
--> statement-breakpoint
-- The catalogue's trigger: its product's selling price fell; the wishlist marks its entries.
CREATE FUNCTION "product_price_fell"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wishlist_price_fell(NEW."id", round(NEW."sale_price" * 100)::integer);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_price_fell" AFTER UPDATE OF "price", "discount" ON "products" FOR EACH ROW
  WHEN (NEW."sale_price" < OLD."sale_price" AND NEW."publish")
  EXECUTE FUNCTION "product_price_fell"();
