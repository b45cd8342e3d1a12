import { and, asc, count, eq, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import { claimDocuments, officialRecords, user, wholesalers } from "#app/db/schema.ts";
import { type Actor, recordChanges } from "#app/features/wholesalers/wholesaler-history.server.ts";
import { formatBusinessNumber, parseBusinessNumber } from "#app/lib/business-number.ts";
import { env } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { dailySlot } from "#app/platform/auth/rate-limit.server.ts";
import {
  moveEvidenceToObjectStore,
  type PreparedEvidence,
  prepareEvidence,
  scheduleEvidenceDeletion,
  storeEvidence,
} from "#app/platform/evidence/evidence.server.ts";
import { runInBackground } from "#app/platform/mail/background.server.ts";
import { sendMail } from "#app/platform/mail/mail.server.ts";
import { DOCUMENT_CLAIMS_PER_DAY, DOCUMENT_MAX_BYTES } from "./claim-rules.ts";
import { addManagerIn, claimRefusal, claimTarget, isManagerOf, mailOtherManagers } from "./claims.server.ts";
import { claimRejectedMail } from "./supplier-mails.ts";

/**
 * 공급사 인증 by 사업자등록증 (ui-contract.md "Every supplier can prove it runs its listing", docs/decisions/0052):
 * the account uploads the document (a picture or a PDF, 10 MB, kept as platform/evidence keeps evidence: private,
 * admin-only, deleted 30 days after the decision), with the number on it and a contact; an admin approves
 * (`승인`: the account becomes a manager, and a listing without a number takes the document's) or rejects (`반려`,
 * the reason mailed). The number must be the listing's; a 국세청 state of 휴업자 or 폐업자 (when the records are
 * checked) refuses the request. Deciding is one conditional update: two admins deciding at once decide once.
 */

export const DOCUMENT_WORDS = {
  received: "심사 요청이 접수되었습니다. 영업일 기준 2일 안에 알려 드립니다.",
  closed: "휴업 또는 폐업한 사업자는 인증할 수 없습니다.",
  noFile: "사업자등록증 파일을 올려 주세요.",
  noNumber: "사업자등록증의 사업자등록번호를 입력해 주세요.",
  otherNumber: "사업자등록번호가 이 도매처에 등록된 번호와 다릅니다. 도매처의 사업자등록증을 올려 주세요.",
  contact: "담당자 연락처(전화번호나 이메일)를 100자 이하로 입력해 주세요.",
  pending: "이미 심사 중인 요청이 있습니다. 결과를 메일로 알려 드립니다.",
  perDay: `심사 요청은 하루에 ${DOCUMENT_CLAIMS_PER_DAY}번까지 할 수 있습니다. 내일 다시 시도해 주세요.`,
  decided: "이미 처리된 요청입니다.",
  numberChanged: "그 사이 도매처의 사업자등록번호가 바뀌었습니다. 반려한 뒤 다시 요청을 받아 주세요.",
  reason: "반려 사유를 500자 이하로 입력해 주세요.",
} as const;

export type DocumentOutcome = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409 | 429; message: string };

/** A phone number or an e-mail address, as a person types it. */
const CONTACT = /^(?:[0-9+()\- ]{7,20}|[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,})$/;

/** The stored 국세청 state of a number, when the records hold an answer about it (null: not known). */
async function ntsStateOf(number: string, tx: Pick<Tx, "select"> = db()) {
  const [row] = await tx
    .select({ state: officialRecords.ntsState })
    .from(officialRecords)
    .where(and(eq(officialRecords.businessNumber, number), sql`${officialRecords.ntsCheckedAt} is not null`))
    .limit(1);
  return row?.state ?? null;
}

/** `심사 요청`: checks everything before the file is kept; the file and the request are written in one transaction. */
export async function requestDocumentClaim(
  userId: string,
  wholesalerId: number,
  input: { bytes: Buffer | null; number: string; contact: string },
): Promise<DocumentOutcome> {
  const target = await claimTarget(wholesalerId);
  if (!target) return { ok: false, status: 404, message: "도매처를 찾을 수 없습니다." };
  const refusal = claimRefusal(target);
  if (refusal) return { ok: false, status: 403, message: refusal };
  if (await isManagerOf(userId, wholesalerId)) return { ok: true, message: "이미 이 도매처의 운영자로 인증되어 있습니다." };
  const [listing] = await db().select({ number: wholesalers.businessNumber }).from(wholesalers).where(eq(wholesalers.id, wholesalerId));
  const typed = parseBusinessNumber(input.number);
  if (!typed.ok) return { ok: false, status: 400, message: typed.error };
  const number = typed.value ?? listing?.number ?? null;
  if (!number) return { ok: false, status: 400, message: DOCUMENT_WORDS.noNumber };
  if (listing?.number && number !== listing.number) return { ok: false, status: 400, message: DOCUMENT_WORDS.otherNumber };
  const contact = input.contact.trim();
  if (!CONTACT.test(contact) || contact.length > 100) return { ok: false, status: 400, message: DOCUMENT_WORDS.contact };
  if (!input.bytes) return { ok: false, status: 400, message: DOCUMENT_WORDS.noFile };
  // The 국세청 first: a business the registry says is closed or suspended cannot prove it runs a listing.
  const ntsState = await ntsStateOf(number);
  if (ntsState === "closed" || ntsState === "suspended") return { ok: false, status: 403, message: DOCUMENT_WORDS.closed };
  const [pending] = await db()
    .select({ id: claimDocuments.id })
    .from(claimDocuments)
    .where(and(eq(claimDocuments.wholesalerId, wholesalerId), eq(claimDocuments.userId, userId), eq(claimDocuments.state, "pending")));
  if (pending) return { ok: false, status: 409, message: DOCUMENT_WORDS.pending };
  const slot = await dailySlot(`claim-document:${userId}`, DOCUMENT_CLAIMS_PER_DAY);
  if (!slot.allowed) return { ok: false, status: 429, message: DOCUMENT_WORDS.perDay };
  const prepared = await prepareEvidence(input.bytes, { allowPdf: true, maxBytes: DOCUMENT_MAX_BYTES });
  if (!prepared.ok) {
    await slot.release();
    return { ok: false, status: 400, message: prepared.message };
  }
  const stored = await keepRequest(userId, wholesalerId, { file: prepared.file, number, contact, ntsState });
  if (!stored) {
    await slot.release();
    return { ok: false, status: 409, message: DOCUMENT_WORDS.pending };
  }
  await moveEvidenceToObjectStore(stored);
  log.info("claim document received", { wholesalerId });
  return { ok: true, message: DOCUMENT_WORDS.received };
}

/** The file and the request in one transaction; null (nothing kept) when a pending request got there first. */
async function keepRequest(
  userId: string,
  wholesalerId: number,
  request: { file: PreparedEvidence; number: string; contact: string; ntsState: string | null },
): Promise<string | null> {
  return db()
    .transaction(async (tx) => {
      const fileId = await storeEvidence(tx, request.file, userId);
      const [kept] = await tx
        .insert(claimDocuments)
        .values({
          wholesalerId,
          userId,
          evidenceFileId: fileId,
          businessNumber: request.number,
          contact: request.contact,
          ntsState: request.ntsState,
        })
        // The one-pending-request index: a second request at once keeps nothing, its file included.
        .onConflictDoNothing()
        .returning({ id: claimDocuments.id });
      if (!kept) throw new AlreadyPending();
      return fileId;
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyPending) return null;
      throw error;
    });
}

class AlreadyPending extends Error {}
/** Why an approval rolled back (the listing's number changed, or the business closed since the request). */
class NotApproved extends Error {}

/** What the claim page's 사업자등록증 form shows: the listing's number (formatted) and whether a request waits. */
export async function documentClaimState(userId: string, wholesalerId: number) {
  const [listing] = await db().select({ number: wholesalers.businessNumber }).from(wholesalers).where(eq(wholesalers.id, wholesalerId));
  const [pending] = await db()
    .select({ id: claimDocuments.id })
    .from(claimDocuments)
    .where(and(eq(claimDocuments.wholesalerId, wholesalerId), eq(claimDocuments.userId, userId), eq(claimDocuments.state, "pending")));
  return { number: listing?.number ? formatBusinessNumber(listing.number) : null, pending: Boolean(pending) };
}

// ---- /admin/claims ----

export async function countPendingClaims() {
  const [row] = await db().select({ n: count() }).from(claimDocuments).where(eq(claimDocuments.state, "pending"));
  return row?.n ?? 0;
}

/** The pending requests, oldest first, with what an admin needs: the listing, its number, the registry state. */
export async function listPendingClaims() {
  return db()
    .select({
      id: claimDocuments.id,
      wholesalerId: claimDocuments.wholesalerId,
      name: wholesalers.name,
      siteUrl: wholesalers.siteUrl,
      listingNumber: wholesalers.businessNumber,
      businessNumber: claimDocuments.businessNumber,
      contact: claimDocuments.contact,
      ntsState: claimDocuments.ntsState,
      // The state stored now (a check may have answered since the request), else the one known then.
      currentNtsState: sql<
        string | null
      >`(select ${officialRecords.ntsState} from ${officialRecords} where ${officialRecords.businessNumber} = ${claimDocuments.businessNumber} and ${officialRecords.ntsCheckedAt} is not null limit 1)`,
      evidenceFileId: claimDocuments.evidenceFileId,
      account: user.email,
      createdAt: claimDocuments.createdAt,
    })
    .from(claimDocuments)
    .innerJoin(wholesalers, eq(wholesalers.id, claimDocuments.wholesalerId))
    .innerJoin(user, eq(user.id, claimDocuments.userId))
    .where(eq(claimDocuments.state, "pending"))
    .orderBy(asc(claimDocuments.createdAt), asc(claimDocuments.id))
    .limit(100);
}

/**
 * `승인`: the request is decided once (a conditional update: a second admin at once finds it decided), the account
 * becomes a manager, a listing without a number takes the document's (recorded in its history with the admin), and
 * the file is deleted 30 days from now. The other managers are mailed after the commit.
 */
export async function approveClaim(claimId: number, admin: Actor & { id: string }): Promise<DocumentOutcome> {
  const now = new Date();
  const outcome = await db()
    .transaction(async (tx) => {
      const [claim] = await tx
        .update(claimDocuments)
        .set({ state: "approved", decidedBy: admin.id, decidedAt: now })
        .where(and(eq(claimDocuments.id, claimId), eq(claimDocuments.state, "pending")))
        .returning();
      if (!claim) return { ok: false as const, status: 409 as const, message: DOCUMENT_WORDS.decided };
      const [before] = await tx.select().from(wholesalers).where(eq(wholesalers.id, claim.wholesalerId)).for("update");
      if (!before) return { ok: false as const, status: 404 as const, message: "도매처를 찾을 수 없습니다." };
      // The listing's number changed since the request: nothing is decided (the thrown error rolls the update back).
      if (before.businessNumber && before.businessNumber !== claim.businessNumber) throw new NotApproved(DOCUMENT_WORDS.numberChanged);
      // The 국세청 may have answered since: a business it says is closed or suspended is not approved.
      const state = await ntsStateOf(claim.businessNumber, tx);
      if (state === "closed" || state === "suspended") throw new NotApproved(DOCUMENT_WORDS.closed);
      if (!before.businessNumber) {
        const [after] = await tx
          .update(wholesalers)
          .set({ businessNumber: claim.businessNumber, updatedAt: now })
          .where(eq(wholesalers.id, claim.wholesalerId))
          .returning();
        await recordChanges(tx, {
          wholesalerId: claim.wholesalerId,
          action: "update",
          source: "claim-document",
          actor: admin,
          before,
          after: after!,
        });
      }
      await scheduleEvidenceDeletion(tx, claim.evidenceFileId, now);
      const others = await addManagerIn(tx, claim.userId, claim.wholesalerId, "document", `/admin/claims#claim-${claim.id}`);
      return { ok: true as const, others: others ?? [], target: { id: before.id, name: before.name } };
    })
    .catch((error: unknown) => {
      if (error instanceof NotApproved) return { ok: false as const, status: 409 as const, message: error.message };
      throw error;
    });
  if (!outcome.ok) return outcome;
  mailOtherManagers(outcome.others, outcome.target);
  log.info("claim document approved", { claimId });
  return { ok: true, message: "승인했습니다. 요청한 계정이 이 도매처의 운영자가 되었습니다." };
}

/** `반려` with a reason, mailed to the account; the file is deleted 30 days from now. */
export async function rejectClaim(claimId: number, admin: { id: string }, rawReason: string): Promise<DocumentOutcome> {
  const reason = rawReason.trim();
  if (!reason || reason.length > 500) return { ok: false, status: 400, message: DOCUMENT_WORDS.reason };
  const now = new Date();
  const decided = await db().transaction(async (tx) => {
    const [claim] = await tx
      .update(claimDocuments)
      .set({ state: "rejected", reason, decidedBy: admin.id, decidedAt: now })
      .where(and(eq(claimDocuments.id, claimId), eq(claimDocuments.state, "pending")))
      .returning();
    if (!claim) return null;
    await scheduleEvidenceDeletion(tx, claim.evidenceFileId, now);
    const [to] = await tx.select({ email: user.email }).from(user).where(eq(user.id, claim.userId));
    const [listing] = await tx.select({ name: wholesalers.name }).from(wholesalers).where(eq(wholesalers.id, claim.wholesalerId));
    return { to: to?.email ?? null, listing: listing?.name.trim() || "이름 없음", wholesalerId: claim.wholesalerId };
  });
  if (!decided) return { ok: false, status: 409, message: DOCUMENT_WORDS.decided };
  if (decided.to) {
    const mail = claimRejectedMail({
      to: decided.to,
      listing: decided.listing,
      reason,
      link: `${env().publicUrl}/wholesaler/${decided.wholesalerId}/claim`,
      siteName: siteConfig().siteName,
    });
    runInBackground("claim rejected mail", () => sendMail(mail));
  }
  return { ok: true, message: "반려했습니다. 사유를 요청한 계정에 메일로 보냈습니다." };
}

/** The number as the admin page shows it. */
export const shownNumber = (digits: string | null) => (digits ? formatBusinessNumber(digits) : "없음");
