ALTER TABLE "orders" ADD COLUMN "stripe_payment_intent" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stripe_refund_id" text;