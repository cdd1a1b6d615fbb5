-- The language each account and each order is in (en-CA or fr-CA): an order's mails and invoice
-- are written in it, an account's mails when no request names one. Every row from before is
-- English, the only language the shop spoke then.
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en-CA' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en-CA' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_known" CHECK ("users"."locale" IN ('en-CA', 'fr-CA'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_locale_known" CHECK ("orders"."locale" IN ('en-CA', 'fr-CA'));