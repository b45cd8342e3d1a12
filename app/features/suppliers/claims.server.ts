import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, lte, ne } from "drizzle-orm";
import { db, type Tx } from "#app/db/client.server.ts";
import { claimCodes, products, user, wholesalerManagers, wholesalers } from "#app/db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { hitRateLimit, releaseRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import { runInBackground } from "#app/platform/mail/background.server.ts";
import { sendMail } from "#app/platform/mail/mail.server.ts";
import { fetchPage, fetchPlainText, type SafeFetchOptions } from "#app/platform/outbound/safe-fetch.server.ts";
import { fileHasCode, pageHasMetaCode, pageMentionsCode } from "./claim-proof.ts";
import { ACCOUNT_CHECKS_PER_HOUR, CHECKS_PER_HOUR, CODE_DAYS, PROOF_FILE_PATH } from "./claim-rules.ts";
import { managerAddedMail } from "./supplier-mails.ts";

/**
 * 공급사 인증 (ui-contract.md "Suppliers who run a listing", docs/decisions/0035): an account proves it runs a
 * listing's site with a code the site shows (a meta tag in the head of the page at the listing's address, or a
 * file at /domaeon-verification.txt on its host), read by the server through the SSRF-safe fetcher; a proof
 * found makes the account a manager of the listing.
 */

/** A proof is in the head or a tiny file: nothing bigger is read. */
export const MAX_PROOF_PAGE_BYTES = 512 * 1024;
export const MAX_PROOF_FILE_BYTES = 4 * 1024;
const PROOF_USER_AGENT = "DomaeonSiteVerification/1.0";

export type ClaimMethod = "meta" | "file";
/** Every way an account becomes a manager: the two read from the site, a code mailed to the site's domain, a 사업자등록증. */
export type ProofMethod = ClaimMethod | "email" | "document";
export type ClaimTarget = { id: number; name: string; siteUrl: string; status: string };

export const CLAIM_WORDS = {
  verified: "인증이 완료되었습니다.",
  notFound: "사이트에서 인증 코드를 찾지 못했습니다.",
  noSite: "사이트 주소가 없는 도매처는 인증할 수 없습니다. 정보 수정 요청으로 사이트 주소를 알려 주세요.",
  waiting: "검토 대기 중인 도매처는 아직 인증할 수 없습니다.",
  limited: `확인하기는 도매처마다 한 시간에 ${CHECKS_PER_HOUR}번까지 할 수 있습니다. 잠시 후 다시 시도해 주세요.`,
  accountLimited: `확인하기는 한 계정에서 모든 도매처를 합쳐 한 시간에 ${ACCOUNT_CHECKS_PER_HOUR}번까지 할 수 있습니다. 잠시 후 다시 시도해 주세요.`,
} as const;

/** The listing a claim is about, waiting ones included (the page says why they cannot be claimed). */
export async function claimTarget(wholesalerId: number): Promise<ClaimTarget | null> {
  const [row] = await db()
    .select({ id: wholesalers.id, name: wholesalers.name, siteUrl: wholesalers.siteUrl, status: wholesalers.status })
    .from(wholesalers)
    .where(eq(wholesalers.id, wholesalerId));
  return row ?? null;
}

/** Why a listing cannot be claimed at all, or null. */
export function claimRefusal(target: ClaimTarget): string | null {
  if (target.status !== "published") return CLAIM_WORDS.waiting;
  if (!/^https?:\/\//i.test(target.siteUrl.trim())) return CLAIM_WORDS.noSite;
  return null;
}

const CODE_PERIOD_MS = CODE_DAYS * 24 * 3600_000;
const hmac = (text: string) => createHmac("sha256", env().authSecret).update(text);
const codeOf = (nonce: string) => `domaeon-${hmac(`claim-code:${nonce}`).digest("hex").slice(0, 32)}`;
const hashOf = (code: string) => createHash("sha256").update(code).digest("hex");

/**
 * The nonce of the code an account is offered for a listing in a 7-day period while it has no code in use: derived,
 * not stored, so showing the page writes nothing (a GET never writes); the first `확인하기` stores it.
 */
const offeredNonce = (userId: string, wholesalerId: number, period: number) =>
  hmac(`claim-nonce:${userId}:${wholesalerId}:${period}`).digest("base64url").slice(0, 22);
const periodOf = (now: Date) => Math.floor(now.getTime() / CODE_PERIOD_MS);

async function codeInUse(userId: string, wholesalerId: number, now: Date) {
  const [current] = await db()
    .select({ nonce: claimCodes.nonce, expiresAt: claimCodes.expiresAt })
    .from(claimCodes)
    .where(and(eq(claimCodes.userId, userId), eq(claimCodes.wholesalerId, wholesalerId), gt(claimCodes.expiresAt, now)));
  return current ? { code: codeOf(current.nonce), expiresAt: current.expiresAt } : null;
}

/**
 * The code the claim page shows this account for this listing, read only: the one in use (stored by a
 * `확인하기`) while it lasts, else the one offered for this period, valid from now for at least 7 days (a
 * `확인하기` within the period or the next one stores it for 7 days from then). The code itself is never stored,
 * only its nonce and hash.
 */
export async function claimCodeFor(userId: string, wholesalerId: number, now = new Date()) {
  return (
    (await codeInUse(userId, wholesalerId, now)) ?? {
      code: codeOf(offeredNonce(userId, wholesalerId, periodOf(now))),
      expiresAt: new Date(now.getTime() + CODE_PERIOD_MS),
    }
  );
}

/**
 * The code a `확인하기` looks for, stored when none is in use: the offered code the page showed (`shown`, this
 * period's or the last one's, so a page opened before the period turned still works), else this period's.
 */
async function codeToCheck(userId: string, wholesalerId: number, shown: string | undefined, now: Date): Promise<string> {
  const inUse = await codeInUse(userId, wholesalerId, now);
  if (inUse) return inUse.code;
  const period = periodOf(now);
  const nonce =
    [period, period - 1].map((p) => offeredNonce(userId, wholesalerId, p)).find((candidate) => codeOf(candidate) === shown) ??
    offeredNonce(userId, wholesalerId, period);
  const row = { nonce, codeHash: hashOf(codeOf(nonce)), expiresAt: new Date(now.getTime() + CODE_PERIOD_MS), createdAt: now };
  await db()
    .insert(claimCodes)
    .values({ userId, wholesalerId, ...row })
    .onConflictDoUpdate({ target: [claimCodes.wholesalerId, claimCodes.userId], set: row, setWhere: lte(claimCodes.expiresAt, now) });
  // Two first presses at once store the same code; the one in use is what counts.
  return (await codeInUse(userId, wholesalerId, now))?.code ?? codeOf(nonce);
}

export type ClaimOutcome =
  | { ok: true; message: string; alreadyManager: boolean }
  | { ok: false; status: 400 | 403 | 404 | 429; message: string; retryAfterSeconds?: number };

const FETCH_WORDS: Record<string, string> = {
  "other-host": "사이트가 다른 주소로 이동해 확인할 수 없습니다. 같은 사이트 안에서 옮겨 가는 주소만 따라갑니다.",
  "too-large": "페이지가 너무 커서 끝까지 읽지 않았습니다. 메타 태그는 <head>의 앞부분에 넣거나 파일로 인증해 주세요.",
  timeout: "사이트가 제때 응답하지 않았습니다. 잠시 후 다시 시도해 주세요.",
  redirects: "사이트가 너무 여러 번 다른 주소로 이동합니다.",
  refused: "이 주소에는 연결할 수 없습니다.",
  dns: "사이트 주소를 찾을 수 없습니다.",
  connect: "사이트에 연결하지 못했습니다.",
  tls: "사이트의 보안 연결(HTTPS)을 확인하지 못했습니다.",
};

/**
 * One `확인하기`: at most ACCOUNT_CHECKS_PER_HOUR an account per hour over every listing, and CHECKS_PER_HOUR a
 * listing per account (both counted before the fetch, so 1,000 checks in a minute fetch 10 times), then the page
 * or file read through the SSRF-safe fetcher with redirects on the same host only and a bounded body; a proof
 * found makes the account a manager (and mails the others). `shownCode` is the code the page showed.
 */
export async function checkClaim(
  userId: string,
  wholesalerId: number,
  method: ClaimMethod,
  { shownCode, ...fetchOptions }: { shownCode?: string } & Pick<SafeFetchOptions, "timeoutMs" | "resolve"> = {},
): Promise<ClaimOutcome> {
  const target = await claimTarget(wholesalerId);
  if (!target) return { ok: false, status: 404, message: "도매처를 찾을 수 없습니다." };
  const refusal = claimRefusal(target);
  if (refusal) return { ok: false, status: 403, message: refusal };
  if (await isManagerOf(userId, wholesalerId))
    return { ok: true, message: "이미 이 도매처의 운영자로 인증되어 있습니다.", alreadyManager: true };
  const accountKey = `claim-check-account:${userId}`;
  const account = await hitRateLimit(accountKey, ACCOUNT_CHECKS_PER_HOUR, 3_600_000);
  if (!account.allowed)
    return { ok: false, status: 429, message: CLAIM_WORDS.accountLimited, retryAfterSeconds: account.retryAfterSeconds };
  const limit = await hitRateLimit(`claim-check:${wholesalerId}:${userId}`, CHECKS_PER_HOUR, 3_600_000);
  if (!limit.allowed) {
    // Refused before any fetch: it does not count against the account's other listings.
    await releaseRateLimit(accountKey);
    return { ok: false, status: 429, message: CLAIM_WORDS.limited, retryAfterSeconds: limit.retryAfterSeconds };
  }
  const code = await codeToCheck(userId, wholesalerId, shownCode, new Date());
  const options: SafeFetchOptions = { ...fetchOptions, sameHostOnly: true, userAgent: PROOF_USER_AGENT };
  let proofUrl: string;
  if (method === "meta") {
    const page = await fetchPage(target.siteUrl.trim(), { ...options, read: "head", maxBytes: MAX_PROOF_PAGE_BYTES });
    if (!page.ok) return { ok: false, status: 400, message: withReason(FETCH_WORDS[page.kind]) };
    if (page.status < 200 || page.status > 299)
      return { ok: false, status: 400, message: withReason(`사이트가 ${page.status} 응답을 보냈습니다.`) };
    if (!pageHasMetaCode(page.body, code)) {
      const misplaced = pageMentionsCode(page.body, code);
      return {
        ok: false,
        status: 400,
        message: withReason(
          misplaced ? "코드가 보이지만 <head> 안의 메타 태그가 아닙니다(본문이나 주석 안의 코드는 인정되지 않습니다)." : undefined,
        ),
      };
    }
    proofUrl = page.url.href;
  } else {
    const fileUrl = new URL(PROOF_FILE_PATH, target.siteUrl.trim());
    const file = await fetchPlainText(fileUrl, { ...options, maxBytes: MAX_PROOF_FILE_BYTES });
    if (!file.ok) {
      const words = file.kind === "too-large" ? "인증 파일이 너무 큽니다. 파일에는 코드만 넣어 주세요." : FETCH_WORDS[file.kind];
      return { ok: false, status: 400, message: withReason(words) };
    }
    if (file.status < 200 || file.status > 299 || !fileHasCode(file.text, code)) {
      return { ok: false, status: 400, message: withReason(file.status === 404 ? `${PROOF_FILE_PATH} 파일이 없습니다.` : undefined) };
    }
    proofUrl = file.url.href;
  }
  await addManager(userId, target, method, proofUrl);
  return { ok: true, message: CLAIM_WORDS.verified, alreadyManager: false };
}

/** The listing's other managers are told (never naming the new one). */
export function mailOtherManagers(others: readonly string[], target: Pick<ClaimTarget, "id" | "name">) {
  const link = `${env().publicUrl}/wholesaler/${target.id}`;
  for (const to of others) {
    const mail = managerAddedMail({ to, listing: target.name.trim() || "이름 없음", link, siteName: siteConfig().siteName });
    runInBackground("manager added mail", () => sendMail(mail));
  }
}

/** Makes the account a manager and mails the listing's other managers; false when it already was one. */
export async function addManager(userId: string, target: Pick<ClaimTarget, "id" | "name">, method: ProofMethod, proofUrl: string) {
  const others = await db().transaction((tx) => addManagerIn(tx, userId, target.id, method, proofUrl));
  if (others === null) return false;
  mailOtherManagers(others, target);
  log.info("listing claimed", { wholesalerId: target.id, method });
  return true;
}

const withReason = (reason?: string) => (reason ? `${CLAIM_WORDS.notFound} ${reason}` : CLAIM_WORDS.notFound);

/**
 * Makes the account a manager in the caller's transaction; returns the addresses of the listing's other managers
 * (to mail them after the commit), or null when it already was one (nothing added).
 */
export async function addManagerIn(
  tx: Tx,
  userId: string,
  wholesalerId: number,
  method: ProofMethod,
  proofUrl: string,
): Promise<string[] | null> {
  const added = await tx
    .insert(wholesalerManagers)
    .values({ userId, wholesalerId, method, proofUrl: proofUrl.slice(0, 2048) })
    .onConflictDoNothing()
    .returning({ userId: wholesalerManagers.userId });
  if (added.length === 0) return null;
  const others = await tx
    .select({ email: user.email })
    .from(wholesalerManagers)
    .innerJoin(user, eq(user.id, wholesalerManagers.userId))
    .where(and(eq(wholesalerManagers.wholesalerId, wholesalerId), ne(wholesalerManagers.userId, userId)));
  return others.map((row) => row.email);
}

export async function isManagerOf(userId: string, wholesalerId: number): Promise<boolean> {
  const [row] = await db()
    .select({ userId: wholesalerManagers.userId })
    .from(wholesalerManagers)
    .where(and(eq(wholesalerManagers.userId, userId), eq(wholesalerManagers.wholesalerId, wholesalerId)));
  return Boolean(row);
}

export type ManagedListing = { id: number; name: string; category: string; status: string };

/** The listings an account manages, by name (the header's `내 도매처`, /supplier, the product form's `도매처`). */
export async function managedListings(userId: string): Promise<ManagedListing[]> {
  return db()
    .select({ id: wholesalers.id, name: wholesalers.name, category: wholesalers.category, status: wholesalers.status })
    .from(wholesalerManagers)
    .innerJoin(wholesalers, eq(wholesalers.id, wholesalerManagers.wholesalerId))
    .where(eq(wholesalerManagers.userId, userId))
    .orderBy(asc(wholesalers.name), asc(wholesalers.id));
}

export async function managesAnyListing(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: wholesalerManagers.wholesalerId })
    .from(wholesalerManagers)
    .where(eq(wholesalerManagers.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** Which of these listings have at least one manager (the detail page's `공급사 인증`). */
export async function verifiedAmong(ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db()
    .selectDistinct({ id: wholesalerManagers.wholesalerId })
    .from(wholesalerManagers)
    .where(inArray(wholesalerManagers.wholesalerId, ids));
  return new Set(rows.map((row) => row.id));
}

export type ManagerRow = { userId: string; name: string; email: string; method: string; proofUrl: string; createdAt: Date };

/** The managers of a listing for the admin edit page (`운영자`), oldest first. Admins only. */
export async function listManagers(wholesalerId: number): Promise<ManagerRow[]> {
  return db()
    .select({
      userId: wholesalerManagers.userId,
      name: user.name,
      email: user.email,
      method: wholesalerManagers.method,
      proofUrl: wholesalerManagers.proofUrl,
      createdAt: wholesalerManagers.createdAt,
    })
    .from(wholesalerManagers)
    .innerJoin(user, eq(user.id, wholesalerManagers.userId))
    .where(eq(wholesalerManagers.wholesalerId, wholesalerId))
    .orderBy(asc(wholesalerManagers.createdAt));
}

/**
 * `운영자 해제`: the account stops managing the listing; its products stay its own, untied from the listing, and
 * its claim code is replaced (a new claim needs a new code on the site). False when it was not a manager.
 */
export async function removeManager(wholesalerId: number, userId: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const removed = await tx
      .delete(wholesalerManagers)
      .where(and(eq(wholesalerManagers.wholesalerId, wholesalerId), eq(wholesalerManagers.userId, userId)))
      .returning({ userId: wholesalerManagers.userId });
    if (removed.length === 0) return false;
    await tx
      .update(products)
      .set({ wholesalerId: null })
      .where(and(eq(products.wholesalerId, wholesalerId), eq(products.createdBy, userId)));
    // A new code at once, in use longer than the offered codes of the periods it was claimed in last: the code
    // the old manager left on the site never proves control again.
    const nonce = randomBytes(16).toString("base64url");
    const row = { nonce, codeHash: hashOf(codeOf(nonce)), expiresAt: new Date(Date.now() + 2 * CODE_PERIOD_MS), createdAt: new Date() };
    await tx
      .insert(claimCodes)
      .values({ wholesalerId, userId, ...row })
      .onConflictDoUpdate({ target: [claimCodes.wholesalerId, claimCodes.userId], set: row });
    return true;
  });
}
