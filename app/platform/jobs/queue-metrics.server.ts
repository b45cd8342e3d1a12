import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { metrics } from "#app/lib/metrics.server.ts";

/** A scrape may not hold a connection longer than this, whatever the queue's size (a million rows waiting). */
const SCRAPE_STATEMENT_TIMEOUT = "2s";

/**
 * The job queue as /metrics shows it (docs/operations.md "Metrics"): jobs by kind and state, except `done`
 * (kept 14 days, millions of rows on a busy site: `domae_jobs_run_total` counts them as they finish), the age of
 * the oldest due job, and the picture backlog. Both statements read the indexes on `state`; in one transaction
 * with a statement timeout of its own, so a scrape never queues behind the work it measures.
 */
export async function readQueueMetrics(pictureKind: string) {
  const { counts, oldest } = await db().transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = '${SCRAPE_STATEMENT_TIMEOUT}'`));
    const counts = await tx.execute<{ kind: string; state: string; n: number }>(
      sql`SELECT kind, state, count(*)::int AS n FROM jobs WHERE state IN ('queued', 'running', 'failed') GROUP BY kind, state`,
    );
    const oldest = await tx.execute<{ seconds: number | null }>(
      sql`SELECT extract(epoch FROM now() - min(run_after))::float8 AS seconds FROM jobs WHERE state = 'queued' AND run_after <= now()`,
    );
    return { counts: counts.rows, oldest: oldest.rows[0]?.seconds ?? null };
  });
  metrics.jobs.reset();
  let pictures = 0;
  for (const { kind, state, n } of counts) {
    metrics.jobs.set({ kind, state }, Number(n));
    if (kind === pictureKind && state !== "failed") pictures += Number(n);
  }
  metrics.oldestDueJobSeconds.set(Math.max(0, Number(oldest ?? 0)));
  metrics.pictureBacklog.set(pictures);
}
