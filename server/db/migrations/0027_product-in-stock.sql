-- A product keeps whether it is in stock (an active variant has stock), no longer its total
-- stock. The total moved with every sale, so every order rewrote its products' rows (a wide row
-- with two search vectors, updated outside HOT since the collection indexes name it) and held
-- each product's row lock to its commit, so every order of one product, whatever its variant,
-- waited for the one before. Whether a product is in stock changes only when one of its variants
-- starts or stops counting (its stock reaches or leaves 0, it is switched on or off, it moves to
-- another product): the trigger below writes the product only then. Staff read a product's total
-- from its variants.
ALTER TABLE "products" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "products" SET "in_stock" = "total_stock" > 0;--> statement-breakpoint
DROP INDEX "products_top_idx";--> statement-breakpoint
DROP INDEX "products_bestsellers_idx";--> statement-breakpoint
CREATE INDEX "products_top_idx" ON "products" USING btree ("in_stock" DESC NULLS LAST,"rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_bestsellers_idx" ON "products" USING btree ("in_stock" DESC NULLS LAST,"sold_count" DESC NULLS LAST,"id") WHERE "products"."is_active";--> statement-breakpoint
DROP TRIGGER variants_inserted_totals ON variants;--> statement-breakpoint
DROP TRIGGER variants_updated_totals ON variants;--> statement-breakpoint
DROP TRIGGER variants_deleted_totals ON variants;--> statement-breakpoint
DROP FUNCTION move_product_totals();--> statement-breakpoint
-- The products whose variants started or stopped counting are locked in id order (so two
-- statements never deadlock over them; NO KEY UPDATE does not wait for the KEY SHARE locks of
-- foreign keys), then each one's flag is set from its variants. In READ COMMITTED each statement
-- of this function reads a fresh snapshot, so once the lock is granted the recount sees what the
-- transaction that held it committed: of two transactions flipping sibling variants at once, the
-- second recounts after the first.
CREATE FUNCTION refresh_products_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flipped text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT product_id) INTO flipped FROM new_rows WHERE is_active AND stock > 0;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id) INTO flipped FROM old_rows WHERE is_active AND stock > 0;
  ELSE
    SELECT array_agg(DISTINCT product_id) INTO flipped FROM (
      SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.is_active AND n.stock > 0) IS DISTINCT FROM (o.is_active AND o.stock > 0)
        OR n.product_id <> o.product_id
      UNION ALL
      SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.product_id <> n.product_id
    ) touched;
  END IF;
  IF flipped IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM products WHERE id = ANY (flipped) ORDER BY id FOR NO KEY UPDATE;
  UPDATE products p SET in_stock = s.in_stock FROM (
    SELECT pr.id, EXISTS (
      SELECT 1 FROM variants v WHERE v.product_id = pr.id AND v.is_active AND v.stock > 0
    ) AS in_stock
    FROM products pr WHERE pr.id = ANY (flipped)
  ) s
  WHERE p.id = s.id AND p.in_stock <> s.in_stock;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER variants_inserted_in_stock AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_products_in_stock();
--> statement-breakpoint
CREATE TRIGGER variants_updated_in_stock AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_products_in_stock();
--> statement-breakpoint
CREATE TRIGGER variants_deleted_in_stock AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_products_in_stock();
--> statement-breakpoint
-- A product's row no longer changes with its stock: any change to it is announced.
CREATE OR REPLACE FUNCTION notify_catalog_updates() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WHERE to_jsonb(n) IS DISTINCT FROM to_jsonb(o);
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('catalog_changed', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "total_stock";
