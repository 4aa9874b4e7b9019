-- Store pickup (docs/product.md#store-pickup): a pickup order names its store as an express order does; its hand-over code is
-- derived from a salt kept here (never the code), wrong codes counted toward a day's lock; a store keeps its opening hours.
ALTER TABLE "orders" DROP CONSTRAINT "orders_fulfilment";--> statement-breakpoint
DROP INDEX "orders_waiting_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_code_salt" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_wrong_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "opens_at" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "closes_at" text DEFAULT '21:00' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("status") WHERE "orders"."status" in ('PLACED', 'CONFIRMED', 'PACKED', 'READY_FOR_PICKUP', 'SHIPPED', 'OUT_FOR_DELIVERY') and "orders"."payment_status" <> 'CANCELLED';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment" CHECK (("orders"."fulfilment" = 'warehouse' and "orders"."store_id" is null) or ("orders"."fulfilment" in ('store', 'pickup')));--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_hours" CHECK ("stores"."opens_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "stores"."closes_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');