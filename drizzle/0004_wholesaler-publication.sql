ALTER TABLE "wholesalers" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "review_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "wholesalers_status_idx" ON "wholesalers" USING btree ("status","created_at" DESC NULLS LAST);