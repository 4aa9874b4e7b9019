ALTER TABLE "orders" ADD COLUMN "channel" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_network_order" ON "orders" USING btree (("channel" ->> 'buyerApp'),("channel" ->> 'networkOrderId')) WHERE "orders"."channel" is not null;
