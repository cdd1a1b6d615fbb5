-- A product's total_stock is the sum of its active variants' stock, kept by the database: each
-- statement that inserts, updates or deletes variants moves the totals of their products by what
-- it moved. An increment (total_stock + delta) is applied to the newest version of each product
-- row once its lock is free, so two transactions changing sibling variants at once both count;
-- a recount from the variants, as the shop did before, reads the siblings as its own snapshot saw
-- them and could write a total missing the other's change. The product rows are locked in id
-- order first, so two statements moving the same products never deadlock over them.
CREATE FUNCTION move_product_totals() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM 1 FROM products WHERE id IN (SELECT jsonb_object_keys(moved)) ORDER BY id FOR UPDATE;
  UPDATE products p SET total_stock = p.total_stock + (moved ->> p.id)::int
  WHERE p.id IN (SELECT jsonb_object_keys(moved));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER variants_inserted_totals AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_product_totals();
--> statement-breakpoint
CREATE TRIGGER variants_updated_totals AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION move_product_totals();
--> statement-breakpoint
CREATE TRIGGER variants_deleted_totals AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION move_product_totals();
--> statement-breakpoint
-- From here on the trigger keeps them; start from the exact sums.
UPDATE products p SET total_stock = r.stock FROM (
  SELECT pr.id, coalesce(sum(v.stock) FILTER (WHERE v.is_active), 0)::int AS stock
  FROM products pr LEFT JOIN variants v ON v.product_id = pr.id GROUP BY pr.id
) r WHERE p.id = r.id AND p.total_stock <> r.stock;
