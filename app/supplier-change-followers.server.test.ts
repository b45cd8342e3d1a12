import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { jobs, wholesalers } from "#app/db/schema.ts";
import type { WholesalerTerms } from "#app/db/term-values.ts";
import { ALERT_DIGEST_KIND } from "#app/features/alerts/alert-kinds.ts";
import { RECORDS_AFTER_CHANGE_KIND, registerRecordsFollowUp } from "#app/features/official-records/official-record-follow-up.server.ts";
import { SWEEP_KIND } from "#app/features/official-records/official-records.server.ts";
import { applyImport } from "#app/features/supplier-import/wholesaler-import.server.ts";
import { recordChanges, SYSTEM_ACTOR, supplierChangeFollowers } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { TERM_FIELDS } from "#app/features/wholesalers/wholesaler-terms.ts";
import { createWholesaler, updateWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { validBusinessNumbers } from "#tests/factories.ts";
import { rowsOf } from "#tests/import-files.ts";
import { withTestDatabase } from "#tests/test-database.ts";

// One event after a supplier changed (docs/decisions/0051): every write path that records the history queues the
// follow-ups of every feature that follows suppliers, in its own transaction.

withTestDatabase();

const queuedKinds = async () => (await db().select({ kind: jobs.kind }).from(jobs).where(eq(jobs.state, "queued"))).map((job) => job.kind);
const fields = { name: "따라가는 도매", category: "종합", siteUrl: "https://follow.example.com/", contact: "", logoUrl: "", summary: "" };

beforeEach(async () => {
  process.env.DATA_GO_KR_KEY = "followers-test-key";
  await db().delete(jobs);
  await db().delete(wholesalers);
});
afterEach(() => {
  delete process.env.DATA_GO_KR_KEY;
});

test("the app's followers are registered as a started process registers them", () => {
  expect(supplierChangeFollowers().sort()).toEqual(["alerts", "official-records", "updates"]);
});

test("an admin's save of a new number queues the records' follow-up in its transaction; running it asks for that number at once", async () => {
  const id = await createWholesaler(fields);
  await db().delete(jobs);
  const [number] = validBusinessNumbers(1, 610_000_000);
  await updateWholesaler(id, fields, { terms: { ...(await termsOf(id)), businessNumber: number! } });
  expect(await queuedKinds()).toEqual([RECORDS_AFTER_CHANGE_KIND]);
  await followUps().runDue();
  const checks = await db().select({ kind: jobs.kind, payload: jobs.payload }).from(jobs).where(eq(jobs.state, "queued"));
  expect(checks.map((job) => job.payload)).toEqual([
    { numbers: [number], force: true },
    { numbers: [number], force: true },
  ]);
});

test("an import's new numbers are asked by the next sweep (100 a 국세청 call), queued once for the whole import, not a job a row", async () => {
  const numbers = validBusinessNumbers(6, 620_000_000);
  const fileOf = (part: string[], label: string) =>
    [
      "name,category,siteUrl,businessNumber",
      ...part.map((number, i) => `${label} 도매 ${i},종합,https://${label}-${i}.example.com/,${number}`),
    ].join("\n");
  await applyImport(rowsOf(fileOf(numbers.slice(0, 3), "first")), "all");
  expect(await queuedKinds()).toEqual([SWEEP_KIND]);
  // A second import while that sweep waits asks for nothing more.
  await applyImport(rowsOf(fileOf(numbers.slice(3), "second")), "all");
  expect(await queuedKinds()).toEqual([SWEEP_KIND]);
});

test("a watched term's change asks for the 찜 alerts' digest; a change of nothing followed queues nothing", async () => {
  const id = await createWholesaler(fields);
  await db().delete(jobs);
  await updateWholesaler(id, { ...fields, summary: "요약만 바뀜" }, { terms: await termsOf(id) });
  expect(await queuedKinds()).toEqual([]);
  await updateWholesaler(id, fields, { terms: { ...(await termsOf(id)), dropshipping: "yes" } });
  expect(await queuedKinds()).toEqual([ALERT_DIGEST_KIND]);
});

test("a write that rolls back leaves no follow-up queued", async () => {
  const id = await createWholesaler(fields);
  await db().delete(jobs);
  const [number] = validBusinessNumbers(1, 630_000_000);
  await expect(
    db().transaction(async (tx) => {
      const [before] = await tx.select().from(wholesalers).where(eq(wholesalers.id, id));
      const [after] = await tx
        .update(wholesalers)
        .set({ businessNumber: number!, dropshipping: "yes" })
        .where(eq(wholesalers.id, id))
        .returning();
      await recordChanges(tx, {
        wholesalerId: id,
        action: "update",
        source: "admin-form",
        actor: SYSTEM_ACTOR,
        before: before!,
        after: after!,
      });
      throw new Error("the write fails after its history");
    }),
  ).rejects.toThrow("the write fails");
  expect(await queuedKinds()).toEqual([]);
});

function followUps() {
  const runner = new JobRunner();
  registerRecordsFollowUp(runner);
  return runner;
}

async function termsOf(id: number): Promise<WholesalerTerms> {
  const [row] = await db().select().from(wholesalers).where(eq(wholesalers.id, id));
  return Object.fromEntries(TERM_FIELDS.map((field) => [field, row![field]])) as WholesalerTerms;
}
