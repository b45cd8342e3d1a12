DROP INDEX "jobs_kind_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "owner" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "position" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_queue_idx" ON "jobs" USING btree ("kind","state","position");--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("owner","kind","state","position");