CREATE TABLE "account_holds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"cap" integer NOT NULL,
	CONSTRAINT "account_holds_within_cap" CHECK ("account_holds"."units" >= 0 and "account_holds"."units" <= "account_holds"."cap")
);
--> statement-breakpoint
CREATE TABLE "inventory_levels" (
	"id" text PRIMARY KEY NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_levels_reserved_within_on_hand" CHECK ("inventory_levels"."reserved" >= 0 and "inventory_levels"."reserved" <= "inventory_levels"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2),
	"image" text[] DEFAULT '{}'::text[] NOT NULL,
	"sku" text,
	"position" integer DEFAULT 0 NOT NULL,
	"inventory_level_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inventory_level_id" text,
	"variant_id" text,
	"reason" text NOT NULL,
	"on_hand_delta" integer DEFAULT 0 NOT NULL,
	"reserved_delta" integer DEFAULT 0 NOT NULL,
	"order_id" text,
	"admin_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_reason" CHECK ("stock_movements"."reason" in ('order', 'cancel', 'expiry', 'fulfil', 'adjustment', 'initial'))
);
--> statement-breakpoint
-- Data: every product's stock becomes its default variant's pool; each option in products.variants
-- becomes a row, with a pool of its own when it kept its own stock, else sharing the default's.
INSERT INTO "inventory_levels" ("id", "on_hand") SELECT 'L' || p."id", p."stock" FROM "products" p;--> statement-breakpoint
INSERT INTO "product_variants" ("id", "product_id", "is_default", "name", "inventory_level_id") SELECT 'D' || p."id", p."id", true, '', 'L' || p."id" FROM "products" p;--> statement-breakpoint
INSERT INTO "inventory_levels" ("id", "on_hand")
  SELECT 'L' || (e->>'_id'), greatest((e->>'stock')::int, 0) FROM "products" p, jsonb_array_elements(p."variants") e WHERE jsonb_typeof(e->'stock') = 'number';--> statement-breakpoint
INSERT INTO "product_variants" ("id", "product_id", "name", "price", "image", "position", "inventory_level_id")
  SELECT e->>'_id', p."id", e->>'name', (e->>'price')::numeric,
         coalesce(array(SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(e->'image') = 'array' THEN e->'image' ELSE '[]'::jsonb END)), '{}'::text[]),
         (t.i - 1)::int, CASE WHEN jsonb_typeof(e->'stock') = 'number' THEN 'L' || (e->>'_id') ELSE 'L' || p."id" END
  FROM "products" p, jsonb_array_elements(p."variants") WITH ORDINALITY AS t(e, i);--> statement-breakpoint
-- Open orders: the stock column had their units taken already. Unshipped ones now hold a reservation
-- on a shelf that still has the units; shipped ones are fulfilled (their units left the shelf).
CREATE TEMP TABLE "migrating_holds" AS
  SELECT o."id" AS order_id, l."quantity" AS quantity, v."id" AS variant_id, v."inventory_level_id" AS level_id,
         coalesce(o."status", '') IN ('SHIPPED', 'OUT_FOR_DELIVERY') AS shipped
  FROM "orders" o JOIN "order_lines" l ON l."order_id" = o."id"
  JOIN "product_variants" v ON v."product_id" = l."product_id" AND (CASE WHEN l."variant_id" IS NULL THEN v."is_default" ELSE v."id" = l."variant_id" END)
  WHERE o."payment_status" NOT IN ('CANCELLED', 'COMPLETED') AND coalesce(o."status", '') NOT IN ('DELIVERED', 'CANCELLED');--> statement-breakpoint
INSERT INTO "stock_movements" ("inventory_level_id", "reason", "on_hand_delta")
  SELECT l."id", 'initial', l."on_hand" + coalesce((SELECT sum(h.quantity) FROM "migrating_holds" h WHERE h.level_id = l."id"), 0) FROM "inventory_levels" l;--> statement-breakpoint
INSERT INTO "stock_movements" ("inventory_level_id", "variant_id", "reason", "reserved_delta", "order_id")
  SELECT h.level_id, h.variant_id, 'order', h.quantity, h.order_id FROM "migrating_holds" h;--> statement-breakpoint
INSERT INTO "stock_movements" ("inventory_level_id", "variant_id", "reason", "on_hand_delta", "reserved_delta", "order_id")
  SELECT h.level_id, h.variant_id, 'fulfil', -h.quantity, -h.quantity, h.order_id FROM "migrating_holds" h WHERE h.shipped;--> statement-breakpoint
UPDATE "inventory_levels" l SET "on_hand" = l."on_hand" + u.q, "reserved" = l."reserved" + u.q
  FROM (SELECT level_id, sum(quantity)::int AS q FROM "migrating_holds" WHERE NOT shipped GROUP BY level_id) u WHERE u.level_id = l."id";--> statement-breakpoint
DROP TABLE "migrating_holds";--> statement-breakpoint
-- Lines naming an option the product no longer has: a cart line goes, an order line keeps its copied name.
DELETE FROM "cart_items" c WHERE c."variant_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "product_variants" v WHERE v."id" = c."variant_id");--> statement-breakpoint
UPDATE "order_lines" ol SET "variant_id" = NULL WHERE ol."variant_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "product_variants" v WHERE v."id" = ol."variant_id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_holds" ADD CONSTRAINT "account_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_inventory_level_id_inventory_levels_id_fk" FOREIGN KEY ("inventory_level_id") REFERENCES "public"."inventory_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_inventory_level_id_inventory_levels_id_fk" FOREIGN KEY ("inventory_level_id") REFERENCES "public"."inventory_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_one_default" ON "product_variants" USING btree ("product_id") WHERE "product_variants"."is_default";--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_level_idx" ON "product_variants" USING btree ("inventory_level_id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id") WHERE "stock_movements"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_level_idx" ON "stock_movements" USING btree ("inventory_level_id","created_at");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "variants";