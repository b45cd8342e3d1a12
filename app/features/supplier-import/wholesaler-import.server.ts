import { asc, eq, gt, inArray, sql } from "drizzle-orm";
import { type Db, db, type Tx } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import type { WholesalerTerms } from "#app/db/term-values.ts";
import { seoulDay } from "#app/lib/format.ts";
import { requestImagesAfterSave } from "#app/platform/images/images.server.ts";
import { searchFields } from "#app/platform/search/korean-search.ts";
import { siteHostOf } from "../wholesalers/site-host.ts";
import { type Actor, recordChanges, SYSTEM_ACTOR } from "../wholesalers/wholesaler-history.server.ts";
import { checkedDayAfterSave, HISTORY_TERM_FIELDS, TERM_FIELDS, UNKNOWN_TERMS } from "../wholesalers/wholesaler-terms.ts";
import { type ImportRow, TERM_IMPORT_FIELDS } from "./wholesaler-import-file.ts";
import { type ImportPlan, type KnownSupplier, type PlannedRow, planRows } from "./wholesaler-import-plan.ts";

export type { ImportPlan, PlannedRow } from "./wholesaler-import-plan.ts";

// PGlite runs queries on the main thread: a long import gives timers and other requests a turn between batches.
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const READ_BATCH = 2000;
const WRITE_BATCH = 100;

/**
 * Every stored supplier as the planner needs it: id, name, address and status in pages of 2,000 (a
 * directory of 50,000 suppliers is about 10 MB here), then the fillable fields of the ones rows name.
 */
async function knownSuppliers(reader: Db | Tx): Promise<KnownSupplier[]> {
  const known: KnownSupplier[] = [];
  let after = 0;
  for (;;) {
    const page = await reader
      .select({ id: wholesalers.id, name: wholesalers.name, siteUrl: wholesalers.siteUrl, status: wholesalers.status })
      .from(wholesalers)
      .where(gt(wholesalers.id, after))
      .orderBy(asc(wholesalers.id))
      .limit(READ_BATCH);
    for (const row of page) known.push({ ...row, category: "", contact: "", logoUrl: "", summary: "", terms: null });
    if (page.length < READ_BATCH) break;
    after = page[page.length - 1]!.id;
    await yieldToEventLoop();
  }
  return known;
}

/** The fields an import may fill, for the suppliers a first plan matched (so changes compare real values). */
async function withFields(reader: Db | Tx, known: KnownSupplier[], ids: number[]) {
  const unique = [...new Set(ids)];
  const byId = new Map(known.map((k) => [k.id, k]));
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await reader
      .select({
        id: wholesalers.id,
        category: wholesalers.category,
        contact: wholesalers.contact,
        logoUrl: wholesalers.logoUrl,
        summary: wholesalers.summary,
        termsSuppliedAt: wholesalers.termsSuppliedAt,
        terms: pickTermColumns(),
      })
      .from(wholesalers)
      .where(inArray(wholesalers.id, unique.slice(i, i + 500)));
    for (const { terms, termsSuppliedAt, ...row } of rows)
      Object.assign(byId.get(row.id) ?? {}, row, { terms: terms as WholesalerTerms, termsSupplied: termsSuppliedAt !== null });
  }
}

/** The stored terms, as one nested object of the select. */
function pickTermColumns() {
  return Object.fromEntries(TERM_FIELDS.map((field) => [field, wholesalers[field]])) as {
    [K in (typeof TERM_FIELDS)[number]]: (typeof wholesalers)[K];
  };
}

async function plan(reader: Db | Tx, rows: ImportRow[]): Promise<ImportPlan> {
  const known = await knownSuppliers(reader);
  // Matching needs only names and addresses; the changes need the stored fields of the matched ones.
  const first = planRows(rows, known);
  const matched = first.rows.flatMap((row) => (row.target ? [row.target.id] : []));
  if (matched.length === 0) return first;
  await withFields(reader, known, matched);
  return planRows(rows, known);
}

/** What an import would do, without writing anything. */
export function previewImport(rows: ImportRow[]) {
  return plan(db(), rows);
}

/**
 * Which rows to apply: the rows the operator ticked (row numbers) and, in a row that would replace curated values,
 * the changes ticked (`<row>:<field>`); `safe` (what the preview ticks by default: 추가, and 변경 rows that replace
 * nothing curated); or `all` (every applicable row, 검토 필요 rows to the review queue, but never a curated value:
 * the command line has no box to tick).
 */
export type RowChoice = { rows: ReadonlySet<number>; fields?: ReadonlySet<string> } | "safe" | "all";

export type ImportReport = {
  total: number;
  added: number;
  changed: number;
  /** 검토 필요 rows applied: saved as 검토 대기. */
  review: number;
  /** Rows not applied: not ticked, or 중복. */
  skipped: number;
  /** 오류 rows. */
  refused: number;
};

function chosen(row: PlannedRow, choice: RowChoice) {
  if (!row.applicable) return false;
  if (choice === "all") return true;
  if (choice === "safe") return row.ticked;
  return choice.rows.has(row.row);
}

/** The changes of a chosen 변경 row to write: a curated one only when the operator ticked it. */
function changesToApply(row: PlannedRow, choice: RowChoice) {
  const hasCurated = row.changes.some((change) => change.curated);
  if (!hasCurated) return row.changes;
  if (typeof choice === "string") return row.changes.filter((change) => !change.curated);
  return row.changes.filter((change) => choice.fields?.has(`${row.row}:${change.field}`));
}

function reportOf(plan: ImportPlan, applied: PlannedRow[]): ImportReport {
  const count = (status: PlannedRow["status"]) => applied.filter((row) => row.status === status).length;
  const added = count("추가");
  const changed = count("변경");
  const review = count("검토 필요");
  const refused = plan.counts.오류;
  return { total: plan.rows.length, added, changed, review, refused, skipped: plan.rows.length - added - changed - review - refused };
}

/** Two imports at once would both add the same new supplier: they take turns instead (until the transaction ends). */
async function takeImportTurn(tx: Tx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('wholesaler-import'))`);
}

/**
 * Applies the chosen rows in one transaction, after deciding every row again against the database as
 * it is now (the preview may be stale). 추가 rows are published; 검토 필요 rows are saved as 검토 대기 with
 * their reasons; 변경 rows get only the listed changes. Running the same file again changes nothing.
 * A file of more than IMPORT_JOB_ROWS rows goes through /admin/import as a job instead (import-jobs.server.ts),
 * which applies it part by part with `applyImportPart`.
 */
export async function applyImport(
  rows: ImportRow[],
  choice: RowChoice,
  actor: Actor = SYSTEM_ACTOR,
): Promise<{ plan: ImportPlan; report: ImportReport }> {
  const result = await db().transaction(async (tx) => {
    await takeImportTurn(tx);
    const current = await plan(tx, rows);
    const applied = await writeChosenRows(tx, current, choice, actor, () => true);
    return { plan: current, report: reportOf(current, applied) };
  });
  // The logos of added and changed suppliers, once the rows exist.
  await requestImagesAfterSave(rows.map((row) => row.values.logoUrl));
  return result;
}

/** What one part of a long import did: its rows applied, by what they became. */
export type ImportPartCounts = Pick<ImportReport, "added" | "changed" | "review">;

/**
 * One part of a long import (rows `from` to `to` of the file, numbered from 1), in the caller's transaction: the whole
 * file is decided again against the database as it is now, so a repeat of an earlier row stays 중복 and a row an
 * earlier part applied is not applied twice, and only this part's chosen rows are written. Returns what they became
 * and the file's 오류 rows (the same in every part), for the report the last part makes.
 */
export async function applyImportPart(
  tx: Tx,
  rows: ImportRow[],
  choice: RowChoice,
  actor: Actor,
  { from, to }: { from: number; to: number },
): Promise<{ counts: ImportPartCounts; refused: number }> {
  await takeImportTurn(tx);
  const current = await plan(tx, rows);
  const applied = await writeChosenRows(tx, current, choice, actor, (row) => row.row >= from && row.row <= to);
  const count = (status: PlannedRow["status"]) => applied.filter((row) => row.status === status).length;
  return { counts: { added: count("추가"), changed: count("변경"), review: count("검토 필요") }, refused: current.counts.오류 };
}

/** The report of a whole file from what its parts applied. */
export function reportOfParts(total: number, counts: ImportPartCounts, refused: number): ImportReport {
  const { added, changed, review } = counts;
  return { total, added, changed, review, refused, skipped: total - added - changed - review - refused };
}

/** Writes the chosen rows of `current` that `inPart` keeps, and returns them. */
async function writeChosenRows(
  tx: Tx,
  current: ImportPlan,
  choice: RowChoice,
  actor: Actor,
  inPart: (row: PlannedRow) => boolean,
): Promise<PlannedRow[]> {
  // A 변경 row left with nothing to write (only curated changes, none ticked) is skipped, not changed.
  const applied = current.rows.filter(
    (row) => inPart(row) && chosen(row, choice) && (row.status !== "변경" || changesToApply(row, choice).length > 0),
  );
  const inserts = applied.filter((row) => row.insert && (row.status === "추가" || row.status === "검토 필요"));
  for (let i = 0; i < inserts.length; i += WRITE_BATCH) {
    const added = await tx
      .insert(wholesalers)
      .values(
        inserts.slice(i, i + WRITE_BATCH).map(({ insert, insertTerms, status, reasons }) => {
          const values = insert!;
          const terms = insertTerms ?? UNKNOWN_TERMS;
          return {
            ...terms,
            // Terms from the file were read today unless the file says when (as the admin form).
            termsCheckedAt: checkedDayAfterSave(null, terms),
            name: values.name,
            category: values.category,
            contact: values.contact,
            summary: values.summary,
            siteUrl: values.siteUrl,
            siteHost: siteHostOf(values.siteUrl),
            logoUrl: values.logoUrl,
            status: status === "추가" ? ("published" as const) : ("review" as const),
            reviewReason: status === "추가" ? "" : reasons.join(" ").slice(0, 1000),
            ...searchFields(values.name),
          };
        }),
      )
      .returning();
    // The history of each new supplier starts with its import (in this same transaction).
    for (const row of added)
      await recordChanges(tx, { wholesalerId: row.id, action: "create", source: "import", actor, before: null, after: row });
    await yieldToEventLoop();
  }
  const updates = applied
    .filter((row) => row.status === "변경" && row.target)
    .map((row) => ({ target: row.target, changes: changesToApply(row, choice) }));
  for (const [i, { target, changes }] of updates.entries()) {
    const set: Record<string, unknown> = { updatedAt: new Date() };
    let termChanged = false;
    for (const { field, after, value } of changes) {
      // The planner never offers a name change; this keeps it that way whatever a caller passes.
      if (field === "name") continue;
      if ((TERM_IMPORT_FIELDS as readonly string[]).includes(field)) {
        set[field] = value ?? null;
        if (field !== "termsCheckedAt") termChanged = true;
        continue;
      }
      set[field] = after;
      if (field === "siteUrl") set.siteHost = siteHostOf(after);
    }
    // A term change marks the terms as checked today unless the file gave the day (as the admin form).
    if (termChanged && !changes.some((change) => change.field === "termsCheckedAt")) set.termsCheckedAt = seoulDay();
    // A term changed by the import is the admins' again (조건 출처 no longer 공급사 제공, features/suppliers).
    if (changes.some(({ field }) => (HISTORY_TERM_FIELDS as readonly string[]).includes(field))) set.termsSuppliedAt = null;
    await tx.update(wholesalers).set(set).where(eq(wholesalers.id, target!.id));
    await recordChanges(tx, {
      wholesalerId: target!.id,
      action: "update",
      source: "import",
      actor,
      before: Object.fromEntries(changes.map((change) => [change.field, change.before])),
      after: Object.fromEntries(changes.map((change) => [change.field, change.after])),
    });
    if (i % WRITE_BATCH === WRITE_BATCH - 1) await yieldToEventLoop();
  }
  return applied;
}
