-- The overview's roll-up of closed days (docs/decisions/0232-the-overview-rolls-up-closed-days.md).
CREATE TABLE "overview_day_products" (
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"units" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	CONSTRAINT "overview_day_products_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "overview_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"worked_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overview_stale_days" (
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "overview_stale_days_day_idx" ON "overview_stale_days" USING btree ("day");
--> statement-breakpoint
-- The overview's roll-up of closed days is a cache of the orders: any change to what a day's orders count
-- marks that day's row stale (a row in overview_stale_days, added only: no two changes wait for each other),
-- under that day's advisory lock taken shared; the overview works a day out under the same lock taken
-- exclusively (docs/decisions/0232-the-overview-rolls-up-closed-days.md). Days are the shop's, Asia/Kolkata
-- (OVERVIEW_TIME_ZONE).
CREATE FUNCTION "overview_day_changed"(created timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (created AT TIME ZONE 'Asia/Kolkata')::date;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(20232, d - DATE '2000-01-01');
  -- Read after the lock: a roll-up of this day worked out before it is seen, one after it sees this change.
  IF EXISTS (SELECT 1 FROM "overview_days" WHERE "day" = d) THEN
    INSERT INTO "overview_stale_days" ("day") VALUES (d);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "overview_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM overview_day_changed(NEW.created_at);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM overview_day_changed(OLD.created_at);
  ELSE
    PERFORM overview_day_changed(OLD.created_at);
    IF NEW.created_at IS DISTINCT FROM OLD.created_at THEN
      PERFORM overview_day_changed(NEW.created_at);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "overview_order_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  created timestamptz;
BEGIN
  SELECT o.created_at INTO created FROM "orders" o WHERE o.id = OLD.order_id;
  IF FOUND THEN
    PERFORM overview_day_changed(created);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.order_id IS DISTINCT FROM OLD.order_id THEN
    SELECT o.created_at INTO created FROM "orders" o WHERE o.id = NEW.order_id;
    IF FOUND THEN
      PERFORM overview_day_changed(created);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "overview_orders_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "overview_stale_days" ("day") SELECT "day" FROM "overview_days";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Placing an order does no roll-up work: only an order dated before today (an import, a test) marks its day.
CREATE TRIGGER "overview_orders_inserted" AFTER INSERT ON "orders" FOR EACH ROW
  WHEN (NEW.created_at < (date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'))
  EXECUTE FUNCTION overview_orders_changed();
--> statement-breakpoint
CREATE TRIGGER "overview_orders_updated" AFTER UPDATE OF "status", "payment_status", "total_amt", "created_at" ON "orders" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
        OR OLD.total_amt IS DISTINCT FROM NEW.total_amt OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION overview_orders_changed();
--> statement-breakpoint
CREATE TRIGGER "overview_orders_deleted" AFTER DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION overview_orders_changed();
--> statement-breakpoint
CREATE TRIGGER "overview_orders_truncated" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION overview_orders_truncated();
--> statement-breakpoint
-- Lines are written with their order (placement), so only their later changes are watched.
CREATE TRIGGER "overview_order_lines_updated" AFTER UPDATE OF "order_id", "product_id", "name", "quantity", "sub_total_amt" ON "order_lines" FOR EACH ROW
  WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.name IS DISTINCT FROM NEW.name
        OR OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.sub_total_amt IS DISTINCT FROM NEW.sub_total_amt)
  EXECUTE FUNCTION overview_order_lines_changed();
--> statement-breakpoint
CREATE TRIGGER "overview_order_lines_deleted" AFTER DELETE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION overview_order_lines_changed();
