-- The totals trigger locks the product rows it moves FOR NO KEY UPDATE, the lock its UPDATE of
-- total_stock takes anyway, instead of FOR UPDATE. A statement that writes an order's lines
-- takes FOR KEY SHARE on their products (the foreign keys) and, in the same statement, moves
-- their totals: two orders of sibling variants each held KEY SHARE on the product and each waited
-- for the other's to take FOR UPDATE, a deadlock. NO KEY UPDATE does not conflict with KEY SHARE;
-- two of them still take turns, in product-id order.
CREATE OR REPLACE FUNCTION move_product_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(product_id, delta) INTO moved FROM (
      SELECT product_id, sum(stock) AS delta FROM new_rows WHERE is_active GROUP BY product_id
    ) d WHERE delta <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(product_id, delta) INTO moved FROM (
      SELECT product_id, -sum(stock) AS delta FROM old_rows WHERE is_active GROUP BY product_id
    ) d WHERE delta <> 0;
  ELSE
    SELECT jsonb_object_agg(product_id, delta) INTO moved FROM (
      SELECT product_id, sum(delta) AS delta FROM (
        SELECT product_id, stock AS delta FROM new_rows WHERE is_active
        UNION ALL
        SELECT product_id, -stock FROM old_rows WHERE is_active
      ) rows GROUP BY product_id
    ) d WHERE delta <> 0;
  END IF;
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM products WHERE id IN (SELECT jsonb_object_keys(moved)) ORDER BY id FOR NO KEY UPDATE;
  UPDATE products p SET total_stock = p.total_stock + (moved ->> p.id)::int
  WHERE p.id IN (SELECT jsonb_object_keys(moved));
  RETURN NULL;
END;
$$;
