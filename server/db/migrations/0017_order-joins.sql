CREATE TABLE "order_joins" (
	"id" text PRIMARY KEY NOT NULL,
	"guest_user_id" text NOT NULL,
	"account_user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_joins" ADD CONSTRAINT "order_joins_guest_user_id_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_joins" ADD CONSTRAINT "order_joins_account_user_id_users_id_fk" FOREIGN KEY ("account_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_joins_token_key" ON "order_joins" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "order_joins_guest_idx" ON "order_joins" USING btree ("guest_user_id");--> statement-breakpoint
CREATE INDEX "order_joins_account_idx" ON "order_joins" USING btree ("account_user_id");