import { formFailure, readForm } from "#app/lib/form.server.ts";
import { log } from "#app/lib/log.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { requireUser } from "#app/platform/auth/auth.server.ts";
import { uploadedBytes } from "#app/platform/evidence/evidence.server.ts";
import { documentClaimState, requestDocumentClaim } from "./claim-documents.server.ts";
import { confirmClaimMail, mailClaimDomain, mailCodePending, sendClaimMail } from "./claim-mail.server.ts";
import { PROOF_FILE_PATH } from "./claim-rules.ts";
import { checkClaim, claimCodeFor, claimRefusal, claimTarget, isManagerOf } from "./claims.server.ts";

const NOT_FOUND = "도매처를 찾을 수 없습니다.";

async function targetOf(rawId: string | undefined) {
  const id = parseIdParam(rawId);
  const target = id ? await claimTarget(id) : null;
  if (!target) throw new Response(NOT_FOUND, { status: 404 });
  return target;
}

/**
 * /wholesaler/{id}/claim: signed-in accounts only; the code for this account and listing, or why it cannot be
 * claimed. Reads only: the code is stored by the first `확인하기`.
 */
export async function loadClaimPage(request: Request, rawId: string | undefined) {
  const account = await requireUser(request);
  const target = await targetOf(rawId);
  const refusal = claimRefusal(target);
  // A waiting listing is not public: its name is not shown either.
  const listing = { id: target.id, name: target.status === "published" ? target.name.trim() || "이름 없음" : "" };
  const none = { domain: null, refusal: null, pending: false };
  if (refusal)
    return {
      listing,
      refusal,
      code: null,
      expiresAt: null,
      manager: false,
      siteUrl: "",
      filePath: PROOF_FILE_PATH,
      mail: none,
      document: { number: null, pending: false },
    };
  const { code, expiresAt } = await claimCodeFor(account.id, target.id);
  return {
    listing,
    refusal: null,
    code,
    expiresAt: expiresAt.toISOString(),
    manager: await isManagerOf(account.id, target.id),
    siteUrl: target.siteUrl.trim(),
    filePath: PROOF_FILE_PATH,
    // 이메일: the domain the address is built at (`@example.co.kr`), or why the way is not offered (a shared host).
    mail: { ...mailClaimDomain(target), pending: await mailCodePending(account.id, target.id) },
    // 사업자등록증: the listing's number (the document must show it; without one the form asks for it), and whether
    // this account's request is waiting for an admin.
    document: await documentClaimState(account.id, target.id),
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** `확인하기` (`method` = `meta` or `file`): success goes to /supplier with `인증이 완료되었습니다.`. */
export async function claimAction(request: Request, rawId: string | undefined) {
  const account = await requireUser(request);
  const target = await targetOf(rawId);
  const form = await readForm(request);
  const method = form.get("method");
  if (method !== "meta" && method !== "file" && method !== "email-send" && method !== "email-confirm" && method !== "document")
    return formFailure("인증 방법을 골라 주세요.");
  if (method === "document") {
    const outcome = await requestDocumentClaim(account.id, target.id, {
      bytes: await uploadedBytes(form.get("document")),
      number: text(form, "businessNumber"),
      contact: text(form, "contact"),
    });
    if (!outcome.ok) return formFailure(outcome.message, { status: outcome.status, values: { method: "document" } });
    return { ok: true as const, documentSent: outcome.message };
  }
  let outcome: Awaited<ReturnType<typeof checkClaim>> | Awaited<ReturnType<typeof sendClaimMail>>;
  try {
    if (method === "email-send") outcome = await sendClaimMail(account.id, target.id, text(form, "localPart"));
    else if (method === "email-confirm") outcome = await confirmClaimMail(account.id, target.id, text(form, "mailCode"));
    else outcome = await checkClaim(account.id, target.id, method, { shownCode: text(form, "code") || undefined });
  } catch (error) {
    log.error("claim check failed", { request, error });
    return formFailure("확인 중 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.", { status: 500 });
  }
  if (!outcome.ok) {
    return formFailure(outcome.message, {
      status: outcome.status,
      ...(outcome.retryAfterSeconds ? { headers: { "Retry-After": String(outcome.retryAfterSeconds) } } : {}),
    });
  }
  // The mail went: the page stays, with the field for the code and where the mail went.
  if (method === "email-send") return { ok: true as const, mailSent: outcome.message, documentSent: null };
  return redirectWithToast("/supplier", { type: "success", message: outcome.message });
}
