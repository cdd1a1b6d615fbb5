-- The language each back-in-stock alert was asked for in (en-CA or fr-CA): its confirmation and
-- its one alert are written in it. Alerts from before are English, the only language then.
ALTER TABLE "stock_alerts" ADD COLUMN "locale" text DEFAULT 'en-CA' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_locale_known" CHECK ("stock_alerts"."locale" IN ('en-CA', 'fr-CA'));