ALTER TABLE "order_returns" ADD COLUMN "kind" text DEFAULT 'RETURN' NOT NULL;--> statement-breakpoint
-- One card order awaits its payment per account (docs/decisions/0213-one-card-payment-waits-per-account.md).
-- A shop may already hold several for one account (placed in parallel before the index): each account
-- keeps its newest, and the older ones expire as the checkout timer expires an order, by the inventory's
-- rules (settleOrderStock 'expiry', releaseAccountHold): each line's outstanding reservation, summed from
-- the ledger, goes back to its pool with an 'expiry' ledger row; the account's hold drops by the order's
-- held units; a coupon use goes back. A payment that still arrives for one of them is refunded, as for any
-- order cancelled while its payment was on its way.
WITH doomed AS (
  SELECT o.id, o.user_id, o.held_units, o.coupon_id FROM orders o
  WHERE o.payment_status = 'AWAITING_PAYMENT'
    AND EXISTS (
      SELECT 1 FROM orders n
      WHERE n.user_id = o.user_id AND n.payment_status = 'AWAITING_PAYMENT' AND (n.created_at, n.id) > (o.created_at, o.id)
    )
), held AS (
  SELECT m.order_id, m.inventory_level_id AS level_id, m.variant_id, sum(m.reserved_delta)::int AS reserved
  FROM stock_movements m
  WHERE m.order_id IN (SELECT id FROM doomed) AND m.inventory_level_id IS NOT NULL
  GROUP BY m.order_id, m.inventory_level_id, m.variant_id
  HAVING sum(m.reserved_delta) <> 0
), pools AS (
  SELECT level_id, sum(reserved)::int AS reserved FROM held GROUP BY level_id
), released AS (
  UPDATE inventory_levels l SET reserved = l.reserved - p.reserved, updated_at = now()
  FROM pools p WHERE l.id = p.level_id
  RETURNING l.id
), logged AS (
  INSERT INTO stock_movements (inventory_level_id, variant_id, reason, reserved_delta, order_id)
  SELECT h.level_id, h.variant_id, 'expiry', -h.reserved, h.order_id FROM held h WHERE h.level_id IN (SELECT id FROM released)
), holds AS (
  SELECT user_id, sum(held_units)::int AS units FROM doomed WHERE held_units > 0 GROUP BY user_id
), unheld AS (
  UPDATE account_holds a SET units = greatest(a.units - h.units, 0) FROM holds h WHERE a.user_id = h.user_id
), uses AS (
  SELECT coupon_id, user_id, count(*)::int AS n FROM doomed WHERE coupon_id IS NOT NULL GROUP BY coupon_id, user_id
), coupons_back AS (
  UPDATE coupons c SET used = greatest(c.used - u.n, 0), updated_at = now()
  FROM (SELECT coupon_id, sum(n)::int AS n FROM uses GROUP BY coupon_id) u WHERE c.id = u.coupon_id
), redemptions_back AS (
  UPDATE coupon_redemptions r SET uses = greatest(r.uses - u.n, 0) FROM uses u WHERE r.coupon_id = u.coupon_id AND r.user_id = u.user_id
)
UPDATE orders o
SET payment_status = 'CANCELLED', status = 'CANCELLED', held_units = 0, updated_at = now(),
    status_history = o.status_history || jsonb_build_array(jsonb_build_object(
      'status', 'CANCELLED', 'updatedAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
FROM doomed d WHERE o.id = d.id;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_awaiting_payment" ON "orders" USING btree ("user_id") WHERE "orders"."payment_status" = 'AWAITING_PAYMENT';
