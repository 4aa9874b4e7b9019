-- Dark stores: stock locations that serve their pincodes in minutes from their own pools (docs/product.md#delivery);
-- orders record who sends them and the promise they were placed under.
CREATE TABLE "store_pincodes" (
	"pincode" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	CONSTRAINT "store_pincodes_pincode" CHECK ("store_pincodes"."pincode" ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "store_units" (
	"store_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"inventory_level_id" text NOT NULL,
	CONSTRAINT "store_units_store_id_variant_id_pk" PRIMARY KEY("store_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"promise_minutes" integer NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_promise_minutes" CHECK ("stores"."promise_minutes" between 5 and 240),
	CONSTRAINT "stores_pincode" CHECK ("stores"."pincode" ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason";--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD COLUMN "store_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'warehouse' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promise" jsonb;--> statement-breakpoint
ALTER TABLE "store_pincodes" ADD CONSTRAINT "store_pincodes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_units" ADD CONSTRAINT "store_units_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_units" ADD CONSTRAINT "store_units_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_units" ADD CONSTRAINT "store_units_inventory_level_id_inventory_levels_id_fk" FOREIGN KEY ("inventory_level_id") REFERENCES "public"."inventory_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_pincodes_store_idx" ON "store_pincodes" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_units_level" ON "store_units" USING btree ("inventory_level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_name" ON "stores" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_store_queue_idx" ON "orders" USING btree ("store_id","created_at") WHERE "orders"."store_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment" CHECK (("orders"."fulfilment" = 'warehouse' and "orders"."store_id" is null) or ("orders"."fulfilment" = 'store'));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason" CHECK ("stock_movements"."reason" in ('order', 'cancel', 'expiry', 'fulfil', 'adjustment', 'initial', 'return', 'transfer'));