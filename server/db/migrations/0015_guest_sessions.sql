DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE NOT "users"."guest";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_password_unless_guest" CHECK ("users"."guest" OR "users"."password_hash" IS NOT NULL);