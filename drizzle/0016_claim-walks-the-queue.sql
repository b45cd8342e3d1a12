DROP INDEX "jobs_due_idx";--> statement-breakpoint
ALTER TABLE "alert_digests" ADD COLUMN "html" text;--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("kind","position","id","run_after") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("kind","run_after") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
-- The claim walks jobs_queued_idx in queue order and takes the first due rows (docs/decisions/0045). With a histogram
-- of run_after, a moment when every queued job waited for its retry (ANALYZE saw none due) made the planner sort every
-- due job later instead; without one it assumes a third are due and always walks.
ALTER TABLE "jobs" ALTER COLUMN "run_after" SET STATISTICS 0;
