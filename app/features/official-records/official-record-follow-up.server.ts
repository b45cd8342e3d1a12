import { z } from "zod";
import type { SupplierChangeFollower } from "#app/features/wholesalers/wholesaler-history.server.ts";
import type { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { enqueueJob } from "#app/platform/jobs/job-store.server.ts";
import { afterSupplierChanged, HISTORY_SOURCE, sweepForNewSuppliers } from "./official-records.server.ts";

/**
 * The official records follow supplier changes (docs/decisions/0051): a new supplier, or a new 사업자등록번호 or site
 * address, brings the records' derived state along (the `사업자 확인` pair, the issues of /admin/records) and asks
 * the registries about a number they were never asked about, whatever path wrote it (the admin form, the supplier's
 * desk, an import, the review queue). A manager's save is charged to the listing's and the account's share of the
 * day's calls (docs/decisions/0041); a bulk write's numbers go to the next sweep, 100 a 국세청 call. The job runs
 * wherever jobs run, with or without DATA_GO_KR_KEY: the derived state follows the site's own readings too.
 */
export const RECORDS_AFTER_CHANGE_KIND = "official-records.after-change";

/** The fields the records are derived from. */
const FOLLOWED_FIELDS = new Set(["businessNumber", "siteUrl"]);
/** The records' own writes (a registry's answer, a number read from the home page) queue their own checks. */
const OWN_SOURCES = new Set([HISTORY_SOURCE, "site-check"]);
/**
 * Saves of one supplier by a person (the admin forms, a manager's desk, an admin applying a seller's term report),
 * asked at once; every other path (an import, the review queue) waits for a sweep.
 */
const ONE_AT_A_TIME = new Set(["admin-form", "simple-form", "supplier", "seller-report"]);

const payload = z.object({
  wholesalerId: z.number().int().positive(),
  number: z.string().nullish(),
  batch: z.boolean().default(false),
  chargedTo: z.object({ wholesalerId: z.number().int().positive(), userId: z.string().min(1).max(200) }).optional(),
});

export const officialRecordsFollower: SupplierChangeFollower = {
  name: "official-records",
  follow: async (tx, change) => {
    if (change.action === "delete" || OWN_SOURCES.has(change.source)) return;
    const followed = change.changes.filter((each) => FOLLOWED_FIELDS.has(each.field));
    if (followed.length === 0) return;
    const number = followed.find((each) => each.field === "businessNumber")?.after || null;
    const batch = !ONE_AT_A_TIME.has(change.source);
    if (change.action === "create" && batch) {
      if (number) await sweepForNewSuppliers(tx);
      return;
    }
    const chargedTo =
      change.source === "supplier" && change.actor.id ? { wholesalerId: change.wholesalerId, userId: change.actor.id } : undefined;
    const job = { wholesalerId: change.wholesalerId, number, batch, chargedTo };
    // A manager's follow-up waits in the account's own line of the queue (docs/decisions/0026).
    await enqueueJob(RECORDS_AFTER_CHANGE_KIND, job, { tx, owner: chargedTo?.userId });
  },
};

export function registerRecordsFollowUp(runner: JobRunner) {
  runner.register({
    kind: RECORDS_AFTER_CHANGE_KIND,
    timeoutMs: 60_000,
    parse: (raw) => payload.parse(raw),
    run: async ({ wholesalerId, number, batch, chargedTo }) => {
      await afterSupplierChanged(wholesalerId, { number, batch, charge: chargedTo });
    },
  });
}
