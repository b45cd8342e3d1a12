CREATE TABLE "favorites" (
	"user_id" text NOT NULL,
	"wholesaler_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_wholesaler_id_pk" PRIMARY KEY("user_id","wholesaler_id")
);
--> statement-breakpoint
DROP INDEX "wholesalers_views_idx";--> statement-breakpoint
DROP INDEX "wholesalers_created_idx";--> statement-breakpoint
DROP INDEX "wholesalers_name_idx";--> statement-breakpoint
DROP INDEX "wholesalers_category_idx";--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "dropshipping" text;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "min_order" integer;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "shipping_fee" integer;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "free_shipping_over" integer;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "returns" text;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "image_use" text;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "price_policy" text;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "integration" text[];--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "business_number" text;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "terms_checked_at" date;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "terms_source" text;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "fact_mask" smallint GENERATED ALWAYS AS ((CASE WHEN dropshipping = 'yes' THEN 1 ELSE 0 END | CASE WHEN shipping_fee = 0 OR free_shipping_over IS NOT NULL THEN 2 ELSE 0 END | CASE WHEN "returns" = 'yes' THEN 4 ELSE 0 END | CASE WHEN image_use = 'yes' THEN 8 ELSE 0 END | CASE WHEN price_policy = 'free' THEN 16 ELSE 0 END | CASE WHEN min_order = 1 THEN 32 ELSE 0 END)::smallint) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at" DESC NULLS LAST,"wholesaler_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favorites_wholesaler_idx" ON "favorites" USING btree ("wholesaler_id");--> statement-breakpoint
CREATE INDEX "wholesalers_fact_mask_idx" ON "wholesalers" USING btree ("fact_mask","status");--> statement-breakpoint
CREATE INDEX "wholesalers_views_idx" ON "wholesalers" USING btree ("views" DESC NULLS LAST,"id" DESC NULLS LAST,"fact_mask","category","status");--> statement-breakpoint
CREATE INDEX "wholesalers_created_idx" ON "wholesalers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fact_mask","category","status");--> statement-breakpoint
CREATE INDEX "wholesalers_name_idx" ON "wholesalers" USING btree ("name","id","fact_mask","category","status");--> statement-breakpoint
CREATE INDEX "wholesalers_category_idx" ON "wholesalers" USING btree ("category","fact_mask","status");--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_dropshipping_check" CHECK (dropshipping IN ('yes', 'no'));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_returns_check" CHECK ("returns" IN ('yes', 'no', 'conditional'));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_image_use_check" CHECK (image_use IN ('yes', 'no'));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_price_policy_check" CHECK (price_policy IN ('free', 'minimum', 'closed'));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_min_order_check" CHECK ("wholesalers"."min_order" >= 1);--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_shipping_fee_check" CHECK ("wholesalers"."shipping_fee" >= 0);--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_free_shipping_over_check" CHECK ("wholesalers"."free_shipping_over" >= 1);--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_integration_check" CHECK (cardinality(integration) > 0 AND integration <@ ARRAY['api', 'excel', 'sender']::text[]);--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_business_number_check" CHECK ("wholesalers"."business_number" ~ '^[0-9]{10}$');--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_terms_source_check" CHECK ("wholesalers"."terms_source" ~* '^https?://');