-- The products on the GST rates in force from 22 September 2025 (Notification 9/2025-Central Tax (Rate); goods at nil by
-- 10/2025): a product at 12 % (a slab that is gone) or 28 % takes the rate its HSN code now carries, by the longest
-- matching start of the code in the list of shared/src/gst/gst-rates.ts (RATES_FROM_2025_BY_HSN, which a test holds equal
-- to this one), garments (chapters 61, 62, headings 6301-6309) 5 % up to ₹2,500 a piece and 18 % above. Its old rate is
-- kept as `gst_rate_before`, in force before `gst_rate_since`, so an invoice of an earlier day (and a credit note of one)
-- keeps it. Each product looked at is written to gst_rate_moves for the admin's report, with a null rate where the list
-- does not say: such a product keeps its old rate, is not sold, and is listed until an admin files it. Invoices already
-- issued are documents and are not touched. Run again, it changes nothing.
WITH rates(prefix, rate) AS (
  VALUES ('2106', 5), ('4820', 0), ('7323', 5), ('9503', 5), ('9504', 5), ('8415', 18), ('8422', 18), ('8528', 18), ('24', 28)
),
candidates AS (
  SELECT p.id, p.sku, p.name, p.hsn, p.gst_rate AS before,
    CASE
      WHEN p.hsn ~ '^(61|62|630[1-9])' THEN CASE WHEN p.sale_price <= 2500 THEN 5 ELSE 18 END
      ELSE (SELECT r.rate FROM rates r WHERE p.hsn LIKE r.prefix || '%' ORDER BY length(r.prefix) DESC LIMIT 1)
    END AS after
  FROM products p
  WHERE p.gst_rate IN (12, 28) AND p.id NOT IN (SELECT product_id FROM gst_rate_moves)
),
moved AS (
  UPDATE products p SET gst_rate_before = c.before, gst_rate = c.after, gst_rate_since = '2025-09-22', updated_at = now()
  FROM candidates c
  WHERE p.id = c.id AND c.after IS NOT NULL AND c.after <> c.before
  RETURNING p.id
)
INSERT INTO gst_rate_moves (product_id, sku, name, hsn, rate_before, rate_after)
SELECT c.id, c.sku, c.name, c.hsn, c.before, c.after FROM candidates c WHERE c.after IS DISTINCT FROM c.before;
