CREATE TABLE "discount_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"percent_off" integer NOT NULL,
	"live_for" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_percent_off_range" CHECK ("discount_codes"."percent_off" between 1 and 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_live_for_key" ON "discount_codes" USING btree ("live_for");--> statement-breakpoint
CREATE INDEX "discount_codes_email_idx" ON "discount_codes" USING btree ("email");