import { z } from "zod";
import { env } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import type { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { runSavedSearches, SAVED_SEARCH_RUN_KIND, SAVED_SEARCH_SEND_KIND, sendSavedSearchMail } from "./saved-searches.server.ts";

/** How often the weekly mode looks whether Monday 08:00 (Asia/Seoul) has come, and matches the news meanwhile. */
export const SAVED_SEARCH_TICK_MS = 10 * 60 * 1000;

const sendPayload = z.object({ mailId: z.number().int().positive() });

/**
 * Saved searches as jobs (docs/decisions/0053), in every install (without SMTP_URL the mails go to the log):
 * - `saved-searches.run`: every 10 minutes (or every SAVED_SEARCH_MAIL_MINUTES), matches the suppliers with news
 *   against the saved searches, and once a run (Monday 08:00 Asia/Seoul, or each period) gathers the mails;
 * - `saved-searches.send`: mails one gathered mail, retried with back-off on a mail server's failure, never twice.
 */
export function registerSavedSearches(runner: JobRunner) {
  const minutes = env().SAVED_SEARCH_MAIL_MINUTES;
  runner.register({
    kind: SAVED_SEARCH_RUN_KIND,
    // A week's gathering makes one mail per account with news (bench/saved-searches.ts: about 20 ms each); a run cut
    // short is taken up again by the next (each account's mail of a run is made once).
    timeoutMs: 30 * 60_000,
    run: async () => {
      const { found, mails } = await runSavedSearches();
      if (found > 0 || mails > 0) log.info("saved searches run", { found, mails });
    },
  });
  runner.register({
    kind: SAVED_SEARCH_SEND_KIND,
    concurrency: 2,
    timeoutMs: 60_000,
    backoffMs: 60_000,
    parse: (payload) => sendPayload.parse(payload),
    run: async ({ mailId }) => {
      await sendSavedSearchMail(mailId);
    },
  });
  runner.schedule({
    name: SAVED_SEARCH_RUN_KIND,
    kind: SAVED_SEARCH_RUN_KIND,
    every: minutes ? minutes * 60_000 : SAVED_SEARCH_TICK_MS,
  });
}
