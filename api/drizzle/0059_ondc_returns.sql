CREATE TABLE "ondc_returns" (
	"return_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"bap_id" text NOT NULL,
	"network_return_id" text NOT NULL,
	"item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"reason_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ondc_returns" ADD CONSTRAINT "ondc_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ondc_returns_network" ON "ondc_returns" USING btree ("bap_id","network_return_id");--> statement-breakpoint
CREATE INDEX "ondc_returns_order" ON "ondc_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at");