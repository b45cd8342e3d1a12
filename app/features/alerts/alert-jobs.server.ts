import { z } from "zod";
import type { Tx } from "#app/db/client.server.ts";
import type { SupplierChangeFollower } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { env } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import type { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { enqueueJob } from "#app/platform/jobs/job-store.server.ts";
import { ALERT_DIGEST_KIND, ALERT_SEND_KIND, isAlertedChange, SETTLE_SECONDS } from "./alert-kinds.ts";
import { gatherDigests, sendDigest } from "./alerts.server.ts";

/** The backstop gathering: news that waited for a new day (an account already mailed today) leaves soon after midnight. */
export const ALERT_DIGEST_EVERY_MS = 5 * 60 * 1000;

const sendPayload = z.object({ digestId: z.number().int().positive() });

/**
 * The 찜 alerts as jobs (docs/decisions/0036), in every install (without SMTP_URL the mails go to the log):
 * - `alerts.digest`: queued by a watched change for the end of its gathering window (ALERT_GATHER_SECONDS), and
 *   every 5 minutes as a backstop; makes the day's digests and queues their sends;
 * - `alerts.send`: mails one digest; a mail server's failure is retried with back-off (1 min, 2, 4, …, 5
 *   attempts), and a digest is never sent twice.
 */
export function registerAlerts(runner: JobRunner) {
  runner.register({
    kind: ALERT_DIGEST_KIND,
    timeoutMs: 120_000,
    run: async () => {
      const made = await gatherDigests();
      if (made > 0) log.info("alert digests gathered", { digests: made });
    },
  });
  runner.register({
    kind: ALERT_SEND_KIND,
    concurrency: 2,
    timeoutMs: 60_000,
    backoffMs: 60_000,
    parse: (payload) => sendPayload.parse(payload),
    run: async ({ digestId }) => {
      await sendDigest(digestId);
    },
  });
  runner.schedule({ name: ALERT_DIGEST_KIND, kind: ALERT_DIGEST_KIND, every: ALERT_DIGEST_EVERY_MS });
}

/**
 * The alerts follow supplier changes (docs/decisions/0051): a watched term or the 국세청 state that changed asks for
 * the digest of its gathering window.
 */
export const alertsFollower: SupplierChangeFollower = {
  name: "alerts",
  follow: async (tx, change) => {
    if (change.action === "update" && change.changes.some(isAlertedChange)) await askForDigest(tx);
  },
};

/**
 * One digest job per gathering window, queued in the write's own transaction (a write that rolls back asks for
 * nothing), due when the window ends (and the changes in it settled, SETTLE_SECONDS), so the first alert of an
 * account's day leaves within a minute or two of the change (ALERT_GATHER_SECONDS).
 */
async function askForDigest(tx: Tx, now = Date.now()) {
  const windowMs = env().ALERT_GATHER_SECONDS * 1000;
  const bucket = Math.floor(now / windowMs);
  await enqueueJob(
    ALERT_DIGEST_KIND,
    {},
    { tx, uniqueKey: `${ALERT_DIGEST_KIND}:${bucket}`, runAfter: new Date((bucket + 1) * windowMs + SETTLE_SECONDS * 1000) },
  );
}
