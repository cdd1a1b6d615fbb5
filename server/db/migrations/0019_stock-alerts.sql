CREATE TABLE "stock_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"variant_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_variant_email_key" ON "stock_alerts" USING btree ("variant_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token_hash_key" ON "stock_alerts" USING btree ("token_hash");