CREATE TABLE "order_part_cancellations" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"units" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"money" text NOT NULL,
	"refund_id" text,
	"admin_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_part_cancellations" ADD CONSTRAINT "order_part_cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_part_cancellations_order_idx" ON "order_part_cancellations" USING btree ("order_id","created_at");