/**
 * The real legacy export (232 suppliers, shared/data/wholesalers-legacy.json) imported into an empty
 * database and into one holding the demo content. The verdict for each row is written down beside this
 * test (wholesalers-legacy.expected.json), decided by looking at each address.
 *
 * The file is read from `LEGACY_IMPORT_FILE` (scripts/test-all.sh points it at ../shared/data/ when that
 * exists), else from the committed copy in tests/fixtures/.
 */
import fs from "node:fs";
import path from "node:path";
import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { seedDemo } from "#app/features/demo/seed.server.ts";
import { demoWholesalers } from "#content/demo/wholesalers.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { judgeAddress } from "./address-judge.ts";
import { applyImport, previewImport } from "./wholesaler-import.server.ts";
import { decodeImportBytes, parseImportText } from "./wholesaler-import-file.ts";
import type { RowStatus } from "./wholesaler-import-plan.ts";

withTestDatabase();

const LEGACY_FILE = process.env.LEGACY_IMPORT_FILE || path.resolve("tests/fixtures/wholesalers-legacy.json");
type Expected = { row: number; name: string; address: string; empty: RowStatus; demo: RowStatus };
const expected = (
  JSON.parse(fs.readFileSync(new URL("./wholesalers-legacy.expected.json", import.meta.url), "utf8")) as { rows: Expected[] }
).rows;

/** Addresses that are never a supplier's own site: such a row must never be published. */
const NOT_OWN_SITE = new Set([
  "job",
  "company-db",
  "encyclopedia",
  "news",
  "social",
  "marketplace",
  "brand",
  "institution",
  "document",
  "foreign",
]);
const isBadAddress = (address: string) => NOT_OWN_SITE.has(address) || address.startsWith("deep:");

function legacyRows() {
  const decoded = decodeImportBytes(new Uint8Array(fs.readFileSync(LEGACY_FILE)));
  if (!decoded.ok) throw new Error(decoded.error);
  const parsed = parseImportText(decoded.text, "wholesalers-legacy.json");
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rows;
}

const stored = () => db().select().from(wholesalers).orderBy(asc(wholesalers.id));

test("the expectations describe the file under test, row for row", () => {
  const rows = legacyRows();
  expect(rows.map((r) => (r.values.name ?? "").trim())).toEqual(expected.map((e) => e.name));
  // Each row's address class is what the judge says about it.
  expect(rows.map((r, i) => [i + 1, kindOf(r.values.siteUrl)])).toEqual(expected.map((e) => [e.row, e.address]));
});

function kindOf(url: string | undefined) {
  const j = judgeAddress(url ?? "");
  return j.verdict === "home" ? "home" : j.verdict === "deep" ? `deep:${j.kind}` : j.verdict === "elsewhere" ? j.kind : j.verdict;
}

function assertImported(list: Awaited<ReturnType<typeof stored>>, which: "empty" | "demo") {
  const rows = legacyRows();
  for (const e of expected) {
    const input = rows[e.row - 1]!;
    const name = (input.values.name ?? "").trim();
    const site = judgeAddress(input.values.siteUrl ?? "").url;
    const matches = list.filter((w) => w.name === name && w.siteUrl === site);
    if (isBadAddress(e.address)) {
      // Never published under this name at this address; when it was saved at all, it waits for review.
      expect(
        matches.filter((w) => w.status === "published"),
        `row ${e.row} ${name}`,
      ).toEqual([]);
      if (e[which] === "검토 필요")
        expect(
          matches.map((w) => w.status),
          `row ${e.row} ${name}`,
        ).toEqual(["review"]);
    }
    if (e[which] === "추가") {
      expect(e.address, `row ${e.row}`).toBe("home");
      expect(
        matches.map((w) => w.status),
        `row ${e.row} ${name}`,
      ).toEqual(["published"]);
    }
  }
}

describe("into an empty database", () => {
  let preview: Awaited<ReturnType<typeof previewImport>>;
  beforeAll(async () => {
    await db().delete(wholesalers);
    preview = await previewImport(legacyRows());
  });

  test("the preview gives each row its expected status and writes nothing", async () => {
    expect(preview.rows.map((r) => [r.row, r.name, r.status])).toEqual(expected.map((e) => [e.row, e.name, e.empty]));
    expect(await stored()).toEqual([]);
    // Only 추가 and 변경 are ticked; 검토 필요 rows can be ticked; 중복 and 오류 cannot.
    for (const row of preview.rows) {
      expect(row.ticked).toBe(row.status === "추가" || row.status === "변경");
      expect(row.applicable).toBe(row.status !== "중복" && row.status !== "오류");
    }
  });

  test("applying every applicable row publishes only own front pages; the rest wait for review; the report adds up", async () => {
    const { report } = await applyImport(legacyRows(), "all");
    expect(report.added + report.changed + report.review + report.skipped + report.refused).toBe(report.total);
    expect(report.total).toBe(232);
    expect(report.added).toBe(expected.filter((e) => e.empty === "추가").length);
    expect(report.review).toBe(expected.filter((e) => e.empty === "검토 필요").length);
    expect(report.skipped).toBe(expected.filter((e) => e.empty === "중복").length);
    const list = await stored();
    expect(list).toHaveLength(report.added + report.review);
    assertImported(list, "empty");
    // The waiting ones carry the reason the preview gave.
    expect(list.filter((w) => w.status === "review").every((w) => w.reviewReason.length > 0)).toBe(true);

    const again = await applyImport(legacyRows(), "all");
    expect(again.report).toMatchObject({ added: 0, changed: 0, review: 0 });
    expect(await stored()).toEqual(list);
  });
});

describe("into the demo content", () => {
  let demoBefore: Awaited<ReturnType<typeof stored>>;
  beforeAll(async () => {
    await db().delete(wholesalers);
    await seedDemo();
    demoBefore = await stored();
    expect(demoBefore).toHaveLength(demoWholesalers.length);
  });

  test("the preview gives each row its expected status", async () => {
    const preview = await previewImport(legacyRows());
    expect(preview.rows.map((r) => [r.row, r.name, r.status])).toEqual(expected.map((e) => [e.row, e.name, e.demo]));
    // No change it offers touches a name; an address change is never https → http nor a front page → deeper page.
    for (const row of preview.rows) {
      for (const change of row.changes) {
        expect(change.field).not.toBe("name");
        if (change.field === "siteUrl") {
          expect(change.before.startsWith("https://") && change.after.startsWith("http://")).toBe(false);
          expect(judgeAddress(change.after).verdict).toBe("home");
        }
      }
    }
  });

  test("applying every applicable row leaves every demo supplier's name, address and front page as they were", async () => {
    const { report } = await applyImport(legacyRows(), "all");
    expect(report.added + report.changed + report.review + report.skipped + report.refused).toBe(232);
    const after = await stored();
    for (const demo of demoBefore) {
      const now = after.find((w) => w.id === demo.id);
      expect(now, demo.name).toBeDefined();
      expect(now?.name).toBe(demo.name);
      expect(now?.siteUrl).toBe(demo.siteUrl);
      expect(now?.status).toBe("published");
      if (demo.siteUrl.startsWith("https://")) expect(now?.siteUrl.startsWith("https://")).toBe(true);
    }
    assertImported(after, "demo");
  });
});

test("--apply-safe: only the rows judged safe are applied, nothing goes to review", async () => {
  await db().delete(wholesalers);
  const { report } = await applyImport(legacyRows(), "safe");
  expect(report.review).toBe(0);
  expect(report.added).toBe(expected.filter((e) => e.empty === "추가").length);
  const list = await stored();
  expect(list.every((w) => w.status === "published")).toBe(true);
  expect(list.every((w) => judgeAddress(w.siteUrl).verdict === "home")).toBe(true);
});
