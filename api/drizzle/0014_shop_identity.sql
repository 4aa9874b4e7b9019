CREATE TABLE "shop_identity" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"shop_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_identity_one_row" CHECK ("shop_identity"."one")
);
