ALTER TABLE "brands" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "flavors" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector_fr" "tsvector";--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "search_terms" ADD COLUMN "locale" text DEFAULT 'en-CA' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_terms" DROP CONSTRAINT "search_terms_pkey";--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_locale_term_pk" PRIMARY KEY("locale","term");--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_locale" CHECK ("search_terms"."locale" IN ('en-CA', 'fr-CA'));
