import { and, eq, like, sql } from "drizzle-orm";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { importRuns, jobs, wholesalerChanges, wholesalers } from "#app/db/schema.ts";
import { IMPORT_JOB_KIND, type ImportRunView, importJobKind } from "#app/features/supplier-import/import-jobs.server.ts";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { claimJob } from "#app/platform/jobs/job-store.server.ts";
import { signedUpAdmin } from "#tests/factories.ts";
import { asResponse, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

let adminCookie = "";
beforeAll(async () => {
  adminCookie = (await signedUpAdmin()).cookie;
});

/** `count` suppliers of their own address, then a repeat of the first and a row without a name. */
function bulkFile(prefix: string, count: number) {
  const lines = ["name,category,siteUrl"];
  for (let i = 1; i <= count; i += 1) lines.push(`${prefix}상회${i},생활,https://${prefix}-${i}.co.kr/`);
  lines.push(`${prefix}상회1,생활,https://${prefix}-1.co.kr/`);
  lines.push(`,생활,https://${prefix}-nameless.co.kr/`);
  return { content: `${lines.join("\n")}\n`, rows: count + 2 };
}

/** /admin/import's `가져오기` of every row, as the preview's form sends it. */
function applyRequest(content: string, rows: number) {
  const form = new FormData();
  form.set("intent", "apply");
  form.set("fileName", "bulk.csv");
  form.set("content", content);
  for (let row = 1; row <= rows; row += 1) form.append("row", String(row));
  return new Request("http://localhost:3000/admin/import", {
    method: "POST",
    body: form,
    headers: { cookie: adminCookie, origin: "http://localhost:3000", "x-client-ip": "127.0.0.1" },
  });
}

async function runPage(path: string) {
  const page = asResponse(await callLoader(getRequest(path, { cookie: adminCookie })));
  return { status: page.status, run: (page.data as { run: ImportRunView | null }).run };
}

/** The page as the admin sees it (its loader's data drawn by the route's component). */
async function drawn(path: string) {
  const data = asResponse(await callLoader(getRequest(path, { cookie: adminCookie }))).data;
  const { default: Page } = (await import("#app/routes/admin/import-wholesalers.tsx")) as unknown as {
    default: ComponentType<Record<string, unknown>>;
  };
  const router = createMemoryRouter([{ path: "/", element: <Page loaderData={data} actionData={undefined} params={{}} matches={[]} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const suppliersOf = (prefix: string) =>
  db()
    .select({ id: wholesalers.id, name: wholesalers.name })
    .from(wholesalers)
    .where(like(wholesalers.name, `${prefix}상회%`));

test("a file of more than 200 rows runs as a job: 가져오는 중 <n>/<total>, a restart in the middle, then the same report", async () => {
  const { content, rows } = bulkFile("벌크", 250);
  const started = asResponse(await callAction(applyRequest(content, rows)));
  expect(started.status).toBe(302);
  const at = started.location ?? "";
  expect(at).toMatch(/^\/admin\/import\?run=\d+$/);
  // Nothing is written by the request itself.
  expect(await suppliersOf("벌크")).toHaveLength(0);
  expect((await runPage(at)).run).toMatchObject({ state: "running", done: 0, total: 252, report: null });
  const waiting = await drawn(at);
  expect(waiting).toContain("가져오는 중 0/252");
  // Without JavaScript the page reloads itself; a browser running scripts never reads a <noscript>.
  expect(waiting).toMatch(/<noscript><meta http-equiv="refresh" content="2"\/><\/noscript>/);

  // The first server applies one part, then stops.
  const first = new JobRunner({ workerId: "server-1" }).register(importJobKind);
  expect(await first.runDue(1)).toBe(1);
  await first.stop();
  expect((await runPage(at)).run).toMatchObject({ state: "running", done: 100 });
  expect(await suppliersOf("벌크")).toHaveLength(100);
  expect(await drawn(at)).toContain("가져오는 중 100/252");

  // A worker takes the next part and dies in the middle of it: nothing of the part is written, its claim runs out.
  const dead = await claimJob([IMPORT_JOB_KIND], "dead-worker:1", 1);
  expect(dead?.uniqueKey).toMatch(/^import:\d+:100$/);
  await db()
    .transaction(async (tx) => {
      await tx.insert(wholesalers).values({ name: "벌크상회101", siteUrl: "https://half-written.co.kr/" });
      throw new Error("killed");
    })
    .catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await runPage(at)).run).toMatchObject({ done: 100 });

  // The restarted server goes on from row 101 and finishes.
  const restarted = new JobRunner({ workerId: "server-2" }).register(importJobKind);
  await restarted.runDue();
  await restarted.stop();
  const finished = (await runPage(at)).run;
  expect(finished).toMatchObject({ state: "done", done: 252 });
  // The report of a short import: 250 added, the repeat skipped, the nameless row an error.
  expect(finished?.report).toEqual({ total: 252, added: 250, changed: 0, review: 0, skipped: 1, refused: 1 });
  const page = await drawn(at);
  expect(page).toContain("가져오기를 마쳤습니다. 파일의 252행 중:");
  expect(page).not.toContain("가져오는 중");
  expect(page).not.toContain("http-equiv");

  // Every supplier once, each with one history entry of its import; the dead worker's part ran again, once.
  const added = await suppliersOf("벌크");
  expect(added).toHaveLength(250);
  expect(new Set(added.map((row) => row.name)).size).toBe(250);
  const created = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(wholesalerChanges)
    .where(and(eq(wholesalerChanges.action, "create"), eq(wholesalerChanges.source, "import")));
  expect(created[0]?.n).toBe(250);
  const parts = await db()
    .select({ key: jobs.uniqueKey, state: jobs.state, attempts: jobs.attempts })
    .from(jobs)
    .where(like(jobs.uniqueKey, "import:%"));
  expect(parts.map((part) => part.key?.split(":")[2]).sort((a, b) => Number(a) - Number(b))).toEqual(["0", "100", "200"]);
  expect(parts.every((part) => part.state === "done")).toBe(true);
  expect(parts.find((part) => part.key?.endsWith(":100"))?.attempts).toBe(2);
  // The file's text is not kept once the run ended.
  const [stored] = await db().select({ content: importRuns.content }).from(importRuns);
  expect(stored?.content).toBe("");
});

test("a short file still applies at once; an unknown run is a 404 with a Korean message", async () => {
  const { content, rows } = bulkFile("소량", 5);
  const done = asResponse(await callAction(applyRequest(content, rows)));
  expect(done.status).toBe(200);
  expect(done.data).toMatchObject({ stage: "done", report: { total: 7, added: 5, skipped: 1, refused: 1 } });
  for (const path of ["/admin/import?run=999999", "/admin/import?run=abc"]) {
    expect((await runPage(path)).status).toBe(404);
    expect(await drawn(path)).toContain("가져오기 기록을 찾을 수 없습니다.");
  }
});
