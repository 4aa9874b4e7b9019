ALTER TABLE "password_reset_codes" ADD COLUMN "reset_token_hash" text;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD COLUMN "reset_token_expires_at" timestamp with time zone;