ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD COLUMN "key" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_placed_from_idx" ON "orders" USING btree ("placed_from") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "payments_reconciled_idx" ON "payments" USING btree ("reconciled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_refunds_order_key" ON "staff_refunds" USING btree ("order_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_adjustments_variant_key" ON "stock_adjustments" USING btree ("variant_id","key");--> statement-breakpoint
-- Every payment as it stands was compared with its provider when it last changed, as far as the new cursor is concerned.
UPDATE "payments" SET "reconciled_at" = "updated_at";
