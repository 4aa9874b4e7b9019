-- The shop's budget of texts as an admin sets it, and the browsers that signed in to a number by its code, each by a
-- random token that ends with its session (docs/decisions/0280-sign-in-by-mobile-number.md).
CREATE TABLE "mobile_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_budget" (
	"id" integer PRIMARY KEY NOT NULL,
	"per_hour" integer NOT NULL,
	"per_day" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"strangers_pressed_at" timestamp with time zone,
	"strangers_pressed" text,
	CONSTRAINT "sms_budget_one_row" CHECK ("sms_budget"."id" = 1),
	CONSTRAINT "sms_budget_positive" CHECK ("sms_budget"."per_hour" > 0 and "sms_budget"."per_day" > 0)
);
--> statement-breakpoint
ALTER TABLE "mobile_devices" ADD CONSTRAINT "mobile_devices_session_id_refresh_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."refresh_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_devices_session_idx" ON "mobile_devices" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "mobile_devices_expires_idx" ON "mobile_devices" USING btree ("expires_at");