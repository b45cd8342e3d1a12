import { and, count, desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { termReports, user, wholesalers } from "#app/db/schema.ts";
import { type ReportedTermSources, TERM_GROUP_NAMES, type TermGroup, type WholesalerTerms } from "#app/db/term-values.ts";
import type { Actor } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { isKnownGroup, SUPPLIED_SOURCE, TERM_LABELS, termGroupWords, termSourceOf } from "#app/features/wholesalers/wholesaler-terms.ts";
import { applyReportedTerms, termColumns } from "#app/features/wholesalers/wholesalers.server.ts";
import { type PreparedEvidence, scheduleEvidenceDeletion, storeEvidence } from "#app/platform/evidence/evidence.server.ts";

/**
 * Term reports (조건 제보, ui-contract.md "Terms reported by sellers", docs/spec/decisions.md 44): a signed-in seller
 * reports terms with evidence; they reach the public only through an administrator's `반영`, which writes through the
 * supplier's history (`셀러 제보`, so the 찜 alerts follow) and names the evidence as each term's `조건 출처`. The
 * reporter is kept as an account id only, never shown.
 */

export async function createTermReport(
  reporterId: string,
  wholesalerId: number,
  report: { terms: Partial<WholesalerTerms>; evidenceUrl: string | null; checkedOn: string },
  picture: PreparedEvidence | null,
) {
  return db().transaction(async (tx) => {
    const evidenceFileId = picture ? await storeEvidence(tx, picture, reporterId) : null;
    const [row] = await tx
      .insert(termReports)
      .values({
        wholesalerId,
        reporterId,
        terms: report.terms,
        evidenceUrl: report.evidenceUrl,
        evidenceFileId,
        checkedOn: report.checkedOn,
      })
      .returning({ id: termReports.id });
    return { id: row!.id, evidenceFileId };
  });
}

type Listing = WholesalerTerms & { termsSuppliedAt: Date | null; termSources: ReportedTermSources };

/** The groups of a listing its managers keep (`공급사 제공`): known, and not set since by an applied report. */
function suppliedGroups(listing: Listing): TermGroup[] {
  return TERM_GROUP_NAMES.filter((group) => isKnownGroup(listing, group) && termSourceOf(listing, group).value === SUPPLIED_SOURCE);
}

export type ReportedTerm = { group: TermGroup; label: string; now: string; reported: string; supplied: boolean };

export type OpenTermReport = {
  id: number;
  wholesalerId: number;
  wholesalerName: string;
  terms: ReportedTerm[];
  evidenceUrl: string | null;
  evidenceFileId: string | null;
  checkedOn: string;
  createdAt: Date;
  /** The sender, for admins only (null after the account was deleted). */
  reporterEmail: string | null;
};

export const TERM_REPORTS_PER_PAGE = 20;

/** /admin/reports' `조건 제보`: open reports newest first, each term as `<label>: <now> → <reported>`. */
export async function listOpenTermReports({ page = 1, perPage = TERM_REPORTS_PER_PAGE } = {}) {
  const where = eq(termReports.status, "open");
  const [[counted], rows] = await Promise.all([
    db().select({ n: count() }).from(termReports).where(where),
    db()
      .select({
        id: termReports.id,
        wholesalerId: termReports.wholesalerId,
        wholesalerName: wholesalers.name,
        reported: termReports.terms,
        evidenceUrl: termReports.evidenceUrl,
        evidenceFileId: termReports.evidenceFileId,
        checkedOn: termReports.checkedOn,
        createdAt: termReports.createdAt,
        reporterEmail: user.email,
        listing: termColumns,
      })
      .from(termReports)
      .innerJoin(wholesalers, eq(wholesalers.id, termReports.wholesalerId))
      .leftJoin(user, eq(user.id, termReports.reporterId))
      .where(where)
      .orderBy(desc(termReports.createdAt), desc(termReports.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const items: OpenTermReport[] = rows.map(({ reported, listing, ...row }) => {
    const current = listing as Listing;
    const now = termGroupWords(current);
    const sent = termGroupWords(reported);
    const supplied = suppliedGroups(current);
    return {
      ...row,
      wholesalerName: row.wholesalerName.trim() || "이름 없음",
      terms: TERM_GROUP_NAMES.filter((group) => isKnownGroup(reported, group)).map((group) => ({
        group,
        label: TERM_LABELS[group],
        now: now[group],
        reported: sent[group],
        supplied: supplied.includes(group),
      })),
    };
  });
  const total = counted?.n ?? 0;
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / perPage)) };
}

export async function countOpenTermReports() {
  const [row] = await db().select({ n: count() }).from(termReports).where(eq(termReports.status, "open"));
  return row?.n ?? 0;
}

export type AppliedReport =
  | { ok: true; wholesalerId: number; wholesalerName: string; changes: { label: string; before: string; after: string }[] }
  | { ok: false; reason: "handled" | "nothing" | "supplied" };

/**
 * `반영`: the ticked groups of an open report are saved (applyReportedTerms), never a group the listing's managers keep
 * unless `overrideSupplied`; the report is `applied` with the groups saved, and its picture deleted 30 days later.
 * All in one transaction; nothing changes when none of the ticked groups may be saved.
 */
export async function applyTermReport(
  reportId: number,
  ticked: readonly string[],
  { overrideSupplied, actor, now = new Date() }: { overrideSupplied: boolean; actor: Actor; now?: Date },
): Promise<AppliedReport> {
  return db().transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(termReports)
      .where(and(eq(termReports.id, reportId), eq(termReports.status, "open")))
      .for("update");
    if (!report) return { ok: false, reason: "handled" } as const;
    const [listing] = await tx.select(termColumns).from(wholesalers).where(eq(wholesalers.id, report.wholesalerId)).for("update");
    const chosen = TERM_GROUP_NAMES.filter((group) => ticked.includes(group) && isKnownGroup(report.terms, group));
    const kept = overrideSupplied ? [] : suppliedGroups(listing as Listing);
    const groups = chosen.filter((group) => !kept.includes(group));
    if (chosen.length === 0) return { ok: false, reason: "nothing" } as const;
    if (groups.length === 0) return { ok: false, reason: "supplied" } as const;
    const saved = await applyReportedTerms(
      tx,
      report.wholesalerId,
      { terms: report.terms, groups, url: report.evidenceUrl, checkedOn: report.checkedOn },
      actor,
    );
    if (!saved) return { ok: false, reason: "handled" } as const;
    await tx
      .update(termReports)
      .set({ status: "applied", applied: groups, handledBy: actor.id, handledAt: now })
      .where(eq(termReports.id, reportId));
    await scheduleEvidenceDeletion(tx, report.evidenceFileId, now);
    const [before, after] = [termGroupWords(listing as Listing), termGroupWords(saved)];
    return {
      ok: true,
      wholesalerId: report.wholesalerId,
      wholesalerName: saved.name.trim() || "이름 없음",
      changes: groups.map((group) => ({ label: TERM_LABELS[group], before: before[group], after: after[group] })),
    } as const;
  });
}

/** `반려`: the report leaves the queue unapplied; its picture is deleted 30 days later. False when it was handled. */
export async function rejectTermReport(reportId: number, adminId: string, now = new Date()) {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(termReports)
      .set({ status: "rejected", handledBy: adminId, handledAt: now })
      .where(and(eq(termReports.id, reportId), eq(termReports.status, "open")))
      .returning({ fileId: termReports.evidenceFileId });
    if (!row) return false;
    await scheduleEvidenceDeletion(tx, row.fileId, now);
    return true;
  });
}
