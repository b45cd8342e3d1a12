CREATE TABLE "official_records" (
	"wholesaler_id" integer PRIMARY KEY NOT NULL,
	"business_number" text,
	"nts_state" text,
	"nts_state_name" text,
	"nts_state_code" text,
	"tax_type" text,
	"tax_type_code" text,
	"closed_on" date,
	"nts_checked_at" timestamp with time zone,
	"nts_asked_at" timestamp with time zone,
	"nts_failure" text,
	"nts_answer" jsonb,
	"mail_order_found" boolean,
	"mail_order_number" text,
	"mail_order_state" text,
	"declared_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"ftc_checked_at" timestamp with time zone,
	"ftc_asked_at" timestamp with time zone,
	"ftc_failure" text,
	"ftc_answer" jsonb,
	"page_number" text,
	"page_mail_order_number" text,
	"page_url" text,
	"page_read_at" timestamp with time zone,
	"number_source_url" text,
	"number_source_at" timestamp with time zone,
	"verified_for" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "official_records_business_number_check" CHECK ("official_records"."business_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "official_records_nts_state_check" CHECK (nts_state IN ('active', 'suspended', 'closed', 'unregistered'))
);
--> statement-breakpoint
CREATE TABLE "record_issues" (
	"wholesaler_id" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	CONSTRAINT "record_issues_wholesaler_id_reason_pk" PRIMARY KEY("wholesaler_id","reason")
);
--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "records_verified_for" text;--> statement-breakpoint
DROP INDEX "wholesalers_fact_mask_idx";--> statement-breakpoint
DROP INDEX "wholesalers_views_idx";--> statement-breakpoint
DROP INDEX "wholesalers_created_idx";--> statement-breakpoint
DROP INDEX "wholesalers_name_idx";--> statement-breakpoint
DROP INDEX "wholesalers_category_idx";--> statement-breakpoint
ALTER TABLE "wholesalers" DROP COLUMN "fact_mask";--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "fact_mask" smallint GENERATED ALWAYS AS ((CASE WHEN dropshipping = 'yes' THEN 1 ELSE 0 END | CASE WHEN shipping_fee = 0 OR free_shipping_over IS NOT NULL THEN 2 ELSE 0 END | CASE WHEN "returns" = 'yes' THEN 4 ELSE 0 END | CASE WHEN image_use = 'yes' THEN 8 ELSE 0 END | CASE WHEN price_policy = 'free' THEN 16 ELSE 0 END | CASE WHEN min_order = 1 THEN 32 ELSE 0 END | CASE WHEN records_verified_for = business_number || ' ' || site_url THEN 64 ELSE 0 END)::smallint) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "wholesalers_fact_mask_idx" ON "wholesalers" USING btree ("fact_mask","status");--> statement-breakpoint
CREATE INDEX "wholesalers_views_idx" ON "wholesalers" USING btree ("views" DESC NULLS LAST,"id" DESC NULLS LAST,"fact_mask","category","status");--> statement-breakpoint
CREATE INDEX "wholesalers_created_idx" ON "wholesalers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fact_mask","category","status");--> statement-breakpoint
CREATE INDEX "wholesalers_name_idx" ON "wholesalers" USING btree ("name","id","fact_mask","category","status");--> statement-breakpoint
CREATE INDEX "wholesalers_category_idx" ON "wholesalers" USING btree ("category","fact_mask","status");--> statement-breakpoint
ALTER TABLE "official_records" ADD CONSTRAINT "official_records_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_issues" ADD CONSTRAINT "record_issues_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_issues" ADD CONSTRAINT "record_issues_acknowledged_by_user_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_issues_open_idx" ON "record_issues" USING btree ("since" DESC NULLS LAST) WHERE "record_issues"."acknowledged_at" is null;