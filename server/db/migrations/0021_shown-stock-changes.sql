-- The public catalog tells a variant's stock up to 20 units (SHOWN_STOCK_MAX in contract/catalog.ts,
-- as many as one cart line may hold) and a product's only as in stock or not. So a sale that
-- leaves more than 20 units, or leaves the product in stock, changes no public answer, and the
-- catalog_changed channel no longer announces it: every order used to make every instance drop
-- its cached pages and re-read the products it touched. Any other change to a row is announced
-- as before.
CREATE FUNCTION shown_stock(stock integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT least(stock, 20) $$;
--> statement-breakpoint
CREATE FUNCTION notify_catalog_updates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_TABLE_NAME = 'variants' THEN
    SELECT string_agg(DISTINCT product_id, ',') INTO ids FROM (
      SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE to_jsonb(n) - 'stock' IS DISTINCT FROM to_jsonb(o) - 'stock'
        OR shown_stock(n.stock) <> shown_stock(o.stock)
      UNION ALL
      SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.product_id <> n.product_id
    ) touched;
  ELSE
    SELECT string_agg(DISTINCT n.id, ',') INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE to_jsonb(n) - 'total_stock' IS DISTINCT FROM to_jsonb(o) - 'total_stock'
      OR (n.total_stock > 0) <> (o.total_stock > 0);
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('catalog_changed', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_updated_notify ON products;
--> statement-breakpoint
CREATE TRIGGER products_updated_notify AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_updates();
--> statement-breakpoint
DROP TRIGGER variants_updated_notify ON variants;
--> statement-breakpoint
CREATE TRIGGER variants_updated_notify AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_updates();
