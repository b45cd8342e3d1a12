/**
 * How many bytes a write to each kind of page may send. server.ts refuses a larger body before the
 * app reads it (by its declared length, and by counting a chunked one), and `readForm` applies the same
 * limit again inside every action, so a direct call to an action is bounded too.
 */
export const BODY_LIMITS = {
  /** Sign-in, sign-up, password forms: an e-mail and a password or two. */
  auth: 8 * 1024,
  /** Product, supplier, report and other ordinary forms (the longest field is about 1,000 characters). */
  form: 64 * 1024,
  /** Seller notes: up to 200,000 characters of HTML, percent-encoded (Hangul takes 9 bytes). */
  note: 2 * 1024 * 1024,
  /** Import uploads: the file (≤ 2 MiB) or its confirmed rows sent back as form text. */
  upload: 8 * 1024 * 1024,
  /** A review or term report with its evidence picture (≤ 5 MB, platform/evidence) and the form around it. */
  evidence: 5 * 1024 * 1024 + 64 * 1024,
  /** A claim with its 사업자등록증 (≤ 10 MB, features/suppliers claim-rules.ts) and the form around it. */
  document: 10 * 1024 * 1024 + 64 * 1024,
} as const;

export type BodyClass = keyof typeof BODY_LIMITS;

const AUTH_PATHS = new Set([
  "/login",
  "/signup",
  "/admin-login",
  "/logout",
  "/forgot-password",
  "/reset-password",
  "/account",
  "/verify-email",
]);
const UPLOAD_PATHS = new Set(["/admin/import", "/admin/external-products"]);

/** The class of a page path; React Router's data requests (`/login.data`) count as their page. */
export function bodyClassOf(pathname: string): BodyClass {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  if (AUTH_PATHS.has(path)) return "auth";
  if (UPLOAD_PATHS.has(path)) return "upload";
  if (path === "/admin/sellernote-add" || path.startsWith("/admin/sellernote-edit/")) return "note";
  if (EVIDENCE_PATH.test(path)) return "evidence";
  if (CLAIM_PATH.test(path)) return "document";
  return "form";
}

/** The two public forms that take an evidence picture: a review and a term report of one supplier. */
const EVIDENCE_PATH = /^\/wholesaler\/[1-9]\d{0,9}\/(review|terms-report)$/;

/** The claim page, whose `사업자등록증` form sends the document. */
const CLAIM_PATH = /^\/wholesaler\/[1-9]\d{0,9}\/claim$/;

/** Which signed-in session a request carries, as server/body-limit.ts found it before reading the body (null: none). */
export type VerifiedSession = "admin" | "user" | null;

/**
 * The byte limit for a write to `pathname`. The large classes need a verified session (server/body-limit.ts looks
 * it up before reading the body; a cookie that merely has the session cookie's name is not one): notes and uploads
 * an admin's, the evidence forms any signed-in account's. Anyone else gets the ordinary form limit, so nobody
 * can make the server take megabytes (the action then refuses it for want of an account anyway).
 */
export function bodyLimitFor(pathname: string, session: VerifiedSession): number {
  const kind = bodyClassOf(pathname);
  if ((kind === "note" || kind === "upload") && session !== "admin") return BODY_LIMITS.form;
  if ((kind === "evidence" || kind === "document") && session === null) return BODY_LIMITS.form;
  return BODY_LIMITS[kind];
}

/** The classes whose limit depends on the session (the server looks it up only for these). */
export const SESSION_CLASSES: readonly BodyClass[] = ["note", "upload", "evidence", "document"];

/** Form bodies the actions accept: urlencoded, or multipart with its boundary. */
export function isFormContentType(contentType: string | null | undefined): boolean {
  const value = (contentType ?? "").toLowerCase();
  if (value.startsWith("application/x-www-form-urlencoded")) return true;
  return value.startsWith("multipart/form-data") && /;\s*boundary=[^;\s]+/.test(value);
}

export const TOO_LARGE_MESSAGE = "보낸 내용이 너무 큽니다. 내용을 줄여 다시 시도해 주세요.";
export const UNSUPPORTED_TYPE_MESSAGE = "이 형식의 요청은 처리할 수 없습니다. 페이지의 양식으로 다시 보내 주세요.";
export const UNREADABLE_MESSAGE = "요청을 읽을 수 없습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.";
