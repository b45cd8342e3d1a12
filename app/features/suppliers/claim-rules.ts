/**
 * What the claim page tells a supplier and the server holds it to (ui-contract.md "Suppliers who run a listing"):
 * where the code goes, how long it lasts, how often `확인하기` may be pressed. Apart from the server code and the
 * reader (claim-proof.ts, which brings an HTML parser), so the page ships none of them.
 */
export const META_NAME = "domaeon-site-verification";
export const PROOF_FILE_PATH = "/domaeon-verification.txt";
export const CODE_DAYS = 7;
/** `확인하기` of one account for one listing, an hour. */
export const CHECKS_PER_HOUR = 10;
/** Every `확인하기` of an account, whatever the listing: each is a fetch toward a listed site, inside the request. */
export const ACCOUNT_CHECKS_PER_HOUR = 20;

// ---- 이메일 (a code mailed to an address at the site's domain, claim-mail.server.ts) ----

/**
 * The part before `@` as typed: 1 to 64 characters of letters, digits and `.`, `_`, `-`, `+` (no dot first, last
 * or twice in a row). Anything else (an `@`, a space, a line break, 65 characters) is refused, never cleaned up.
 */
export const LOCAL_PART = /^(?!\.)(?!.*\.\.)[A-Za-z0-9._+-]{1,64}(?<!\.)$/;

/** The claim page's sentence for a listing on a shared host (a 스마트스토어 or another platform's store). */
export const SHARED_HOST_SENTENCE = "스마트스토어 등 오픈마켓 스토어는 사업자등록증으로 인증해 주세요.";

export const MAIL_CODE_MINUTES = 30;
export const MAIL_CODE_TRIES = 5;
/** `인증 메일 보내기` of one account for one listing, a day. */
export const MAILS_PER_DAY = 3;
/** `인증 메일 보내기` of one account over every listing, a minute. */
export const MAIL_REQUESTS_PER_MINUTE = 5;

// ---- 사업자등록증 (claim-documents.server.ts) ----

/** The document: a picture or a PDF of at most 10 MB (read from its bytes on the server). */
export const DOCUMENT_ACCEPT = "image/png,image/jpeg,image/webp,application/pdf";
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** `심사 요청` of one account, a day (every listing together). */
export const DOCUMENT_CLAIMS_PER_DAY = 5;
