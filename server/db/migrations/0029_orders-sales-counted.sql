-- Units sold follow real sales: an order's units join its products' sold_count once it is paid
-- and leave it if it is cancelled or refunded afterwards (server/modules/orders/sales.ts).
-- sales_counted says which side of the count an order is on; the partial index holds the few
-- whose flag and status disagree, the ones the background count has still to settle. Orders
-- already paid are counted at its first run.
ALTER TABLE "orders" ADD COLUMN "sales_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_sales_to_count_idx" ON "orders" USING btree ("id") WHERE "orders"."sales_counted" <> (status in ('paid', 'processing', 'shipped', 'delivered'));
