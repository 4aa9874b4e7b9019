CREATE TABLE "ondc_catalogue_watches" (
	"id" text PRIMARY KEY NOT NULL,
	"bap_id" text NOT NULL,
	"bap_uri" text NOT NULL,
	"domain" text NOT NULL,
	"city" text NOT NULL,
	"transaction_id" text NOT NULL,
	"pushed_up_to" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ondc_categories" (
	"category_id" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"ondc_category" text NOT NULL,
	"returnable" boolean DEFAULT true NOT NULL,
	"cancellable" boolean DEFAULT true NOT NULL,
	"return_window_days" integer DEFAULT 7 NOT NULL,
	"time_to_ship_minutes" integer DEFAULT 1440 NOT NULL,
	"cod" boolean DEFAULT true NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"manufacturer_address" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ondc_categories_domain" CHECK ("ondc_categories"."domain" ~ '^ONDC:RET1[0-9A-Z]$'),
	CONSTRAINT "ondc_categories_windows" CHECK ("ondc_categories"."return_window_days" between 0 and 60 and "ondc_categories"."time_to_ship_minutes" between 10 and 14400)
);
--> statement-breakpoint
CREATE TABLE "ondc_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"gps" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ondc_locations_gps" CHECK ("ondc_locations"."gps" ~ '^-?[0-9]{1,2}(\.[0-9]+)?,-?[0-9]{1,3}(\.[0-9]+)?$')
);
--> statement-breakpoint
CREATE TABLE "ondc_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"bap_id" text NOT NULL,
	"bap_uri" text NOT NULL,
	"network_order_id" text NOT NULL,
	"domain" text NOT NULL,
	"city" text NOT NULL,
	"transaction_id" text NOT NULL,
	"billing" jsonb NOT NULL,
	"delivery_end" jsonb NOT NULL,
	"payment" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ondc_categories" ADD CONSTRAINT "ondc_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ondc_orders" ADD CONSTRAINT "ondc_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "ondc_orders_network" ON "ondc_orders" USING btree ("bap_id","network_order_id");
