-- Every committed change to the catalog is announced on the channel catalog_changed, so each API
-- instance can refresh what it holds in memory (the search index, product pages). The payload is
-- the comma-joined ids of the products touched, or * when it would not fit (or for a taxonomy
-- change, which may touch any product). Statement-level triggers: a bulk update is one message.
CREATE FUNCTION notify_catalog_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_ARGV[0] = 'id' THEN
    SELECT string_agg(DISTINCT id, ',') INTO ids FROM changed_rows;
  ELSE
    SELECT string_agg(DISTINCT product_id, ',') INTO ids FROM changed_rows;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('catalog_changed', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_catalog_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_inserted_notify AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows('id');
--> statement-breakpoint
CREATE TRIGGER products_updated_notify AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows('id');
--> statement-breakpoint
CREATE TRIGGER products_deleted_notify AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows('id');
--> statement-breakpoint
CREATE TRIGGER variants_inserted_notify AFTER INSERT ON variants
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER variants_updated_notify AFTER UPDATE ON variants
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER variants_deleted_notify AFTER DELETE ON variants
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_inserted_notify AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_deleted_notify AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER categories_changed_notify AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_all();
--> statement-breakpoint
CREATE TRIGGER brands_changed_notify AFTER INSERT OR UPDATE OR DELETE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_all();
--> statement-breakpoint
CREATE TRIGGER flavors_changed_notify AFTER INSERT OR UPDATE OR DELETE ON flavors
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_all();
