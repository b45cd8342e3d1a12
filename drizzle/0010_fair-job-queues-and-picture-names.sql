DROP INDEX "jobs_kind_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "owner" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "position" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "external_products_image_url_idx" ON "external_products" USING hash ("image_url") WHERE "external_products"."image_url" <> '';--> statement-breakpoint
CREATE INDEX "jobs_queue_idx" ON "jobs" USING btree ("kind","state","position");--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("owner","kind","state","position");--> statement-breakpoint
CREATE INDEX "products_image_url_idx" ON "products" USING hash ("image_url") WHERE "products"."image_url" <> '';--> statement-breakpoint
CREATE INDEX "wholesalers_logo_url_idx" ON "wholesalers" USING hash ("logo_url") WHERE "wholesalers"."logo_url" <> '';