import { and, count, desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { exactPage } from "#app/db/paging.server.ts";
import { correctionRequests, user, wholesalers } from "#app/db/schema.ts";
import type { ReportReason } from "./report-reasons.ts";
import type { ReportInput } from "./report-schema.ts";
import { countOpenTermReports } from "./term-reports.server.ts";

/**
 * Correction requests (정보 수정 요청): visitors send them, admins handle them in a queue. The reporter is
 * kept as an account id only (null for visitors, and after the account is deleted), never an e-mail.
 */

export async function createReport(wholesalerId: number, input: ReportInput, reporterId: string | null) {
  const [row] = await db()
    .insert(correctionRequests)
    .values({ wholesalerId, reason: input.reason, body: input.body, reporterId })
    .returning({ id: correctionRequests.id });
  return row!.id;
}

export type OpenReport = {
  id: number;
  wholesalerId: number;
  wholesalerName: string;
  reason: ReportReason;
  body: string;
  createdAt: Date;
  /** The account that sent it, for admins only (null: a visitor who was not signed in, or a deleted account). */
  reporterEmail: string | null;
};

export const REPORTS_PER_PAGE = 30;

/** Open requests, newest first, with the supplier's name and, for a signed-in sender, the account's e-mail (admins only). */
export async function listOpenReports({ page = 1, perPage = REPORTS_PER_PAGE } = {}) {
  const where = eq(correctionRequests.status, "open");
  const found = await exactPage(
    correctionRequests,
    where,
    { page, perPage },
    db()
      .select({
        id: correctionRequests.id,
        wholesalerId: correctionRequests.wholesalerId,
        wholesalerName: wholesalers.name,
        reason: correctionRequests.reason,
        body: correctionRequests.body,
        createdAt: correctionRequests.createdAt,
        reporterEmail: user.email,
      })
      .from(correctionRequests)
      .innerJoin(wholesalers, eq(wholesalers.id, correctionRequests.wholesalerId))
      .leftJoin(user, eq(user.id, correctionRequests.reporterId))
      .orderBy(desc(correctionRequests.createdAt), desc(correctionRequests.id))
      .$dynamic(),
  );
  return { ...found, items: found.items as OpenReport[] };
}

/** The number the admin menu shows beside `수정 요청`: open correction requests and term reports (one page lists both). */
export async function countOpenReports() {
  const [[row], termReports] = await Promise.all([
    db().select({ n: count() }).from(correctionRequests).where(eq(correctionRequests.status, "open")),
    countOpenTermReports(),
  ]);
  return (row?.n ?? 0) + termReports;
}

/** 처리 완료 (`done`) or 반려 (`rejected`): only an open request changes; false when there is none. */
export async function handleReport(id: number, status: "done" | "rejected", adminId: string) {
  const rows = await db()
    .update(correctionRequests)
    .set({ status, handledBy: adminId, handledAt: new Date() })
    .where(and(eq(correctionRequests.id, id), eq(correctionRequests.status, "open")))
    .returning({ id: correctionRequests.id });
  return rows.length > 0;
}
