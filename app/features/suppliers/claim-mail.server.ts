import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { claimMailCodes } from "#app/db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { dailySlot, hitRateLimit, releaseRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import { runInBackground } from "#app/platform/mail/background.server.ts";
import { sendMail } from "#app/platform/mail/mail.server.ts";
import { mailDomainOf } from "./claim-mail-domain.ts";
import {
  LOCAL_PART,
  MAIL_CODE_MINUTES,
  MAIL_CODE_TRIES,
  MAIL_REQUESTS_PER_MINUTE,
  MAILS_PER_DAY,
  SHARED_HOST_SENTENCE,
} from "./claim-rules.ts";
import { addManagerIn, type ClaimTarget, claimRefusal, claimTarget, isManagerOf, mailOtherManagers } from "./claims.server.ts";
import { claimCodeMail } from "./supplier-mails.ts";

/**
 * 공급사 인증 by mail (ui-contract.md "Every supplier can prove it runs its listing", docs/decisions/0052): the
 * account types the part before `@`; the server builds the address from the listing's registrable domain
 * (claim-mail-domain.ts), mails a 6-digit code and keeps only a keyed hash of it, for 30 minutes and 5 tries. A
 * right code makes the account a manager. At most 3 mails a listing per account a day, and 5 requests a minute
 * per account over every listing, both counted before anything is sent.
 */

export const MAIL_WORDS = {
  shared: SHARED_HOST_SENTENCE,
  noDomain: "이 도매처의 사이트 주소로는 이메일 인증을 할 수 없습니다. 다른 방법으로 인증해 주세요.",
  noMailServer: "지금은 인증 메일을 보낼 수 없습니다. 다른 방법으로 인증해 주세요.",
  badLocalPart: "@ 앞부분만 영문, 숫자, 점(.), 밑줄(_), 하이픈(-), 더하기(+)로 64자까지 입력해 주세요.",
  sent: (address: string) => `${address}로 인증 메일을 보냈습니다. 메일의 인증번호 6자리를 ${MAIL_CODE_MINUTES}분 안에 입력해 주세요.`,
  perDay: `인증 메일은 도매처마다 하루에 ${MAILS_PER_DAY}번까지 보낼 수 있습니다. 내일 다시 시도해 주세요.`,
  perMinute: "인증 메일 요청이 너무 잦습니다. 잠시 후 다시 시도해 주세요.",
  badCode: "인증번호 6자리를 숫자로 입력해 주세요.",
  noCode: "먼저 인증 메일을 받아 주세요.",
  expired: "인증번호의 유효 시간이 지났습니다. 인증 메일을 다시 받아 주세요.",
  locked: `인증번호를 ${MAIL_CODE_TRIES}번 틀려 이 인증번호는 더 쓸 수 없습니다. 인증 메일을 다시 받아 주세요.`,
  wrong: (left: number) => `인증번호가 맞지 않습니다. ${left}번 더 입력할 수 있습니다.`,
  verified: "인증이 완료되었습니다.",
} as const;

export type MailClaimOutcome =
  | { ok: true; message: string; alreadyManager?: boolean }
  | { ok: false; status: 400 | 403 | 404 | 429; message: string; retryAfterSeconds?: number };

/** Whether this account has a mailed code in use for the listing (the page then shows the field for it). */
export async function mailCodePending(userId: string, wholesalerId: number, now = new Date()) {
  const [row] = await db()
    .select({ tries: claimMailCodes.tries })
    .from(claimMailCodes)
    .where(and(eq(claimMailCodes.wholesalerId, wholesalerId), eq(claimMailCodes.userId, userId), gt(claimMailCodes.expiresAt, now)));
  return Boolean(row);
}

/** Whether the listing can be claimed by mail at all, and at which domain (the page shows `@<domain>`). */
export function mailClaimDomain(target: ClaimTarget): { domain: string | null; refusal: string | null } {
  // Without a mail server the code would go nowhere (a logged mail never shows it): the way is not offered.
  if (!env().SMTP_URL) return { domain: null, refusal: MAIL_WORDS.noMailServer };
  const found = mailDomainOf(target.siteUrl);
  if (found.ok) return { domain: found.domain, refusal: null };
  return { domain: null, refusal: found.why === "shared" ? MAIL_WORDS.shared : MAIL_WORDS.noDomain };
}

const codeHashOf = (wholesalerId: number, userId: string, code: string) =>
  createHmac("sha256", env().authSecret).update(`claim-mail:${wholesalerId}:${userId}:${code}`).digest("hex");

async function targetFor(userId: string, wholesalerId: number): Promise<MailClaimOutcome | ClaimTarget> {
  const target = await claimTarget(wholesalerId);
  if (!target) return { ok: false, status: 404, message: "도매처를 찾을 수 없습니다." };
  const refusal = claimRefusal(target);
  if (refusal) return { ok: false, status: 403, message: refusal };
  if (await isManagerOf(userId, wholesalerId))
    return { ok: true, message: "이미 이 도매처의 운영자로 인증되어 있습니다.", alreadyManager: true };
  return target;
}

/** `인증 메일 보내기`: a new code for this account and listing, mailed to `<localPart>@<the listing's domain>`. */
export async function sendClaimMail(userId: string, wholesalerId: number, localPart: string, now = new Date()): Promise<MailClaimOutcome> {
  const target = await targetFor(userId, wholesalerId);
  if ("ok" in target) return target;
  const { domain, refusal } = mailClaimDomain(target);
  if (!domain) return { ok: false, status: 403, message: refusal ?? MAIL_WORDS.noDomain };
  if (!LOCAL_PART.test(localPart)) return { ok: false, status: 400, message: MAIL_WORDS.badLocalPart };
  const minuteKey = `claim-mail-minute:${userId}`;
  const minute = await hitRateLimit(minuteKey, MAIL_REQUESTS_PER_MINUTE, 60_000);
  if (!minute.allowed) return { ok: false, status: 429, message: MAIL_WORDS.perMinute, retryAfterSeconds: minute.retryAfterSeconds };
  const day = await dailySlot(`claim-mail:${wholesalerId}:${userId}`, MAILS_PER_DAY);
  if (!day.allowed) {
    await releaseRateLimit(minuteKey);
    return { ok: false, status: 429, message: MAIL_WORDS.perDay, retryAfterSeconds: day.retryAfterSeconds };
  }
  const address = `${localPart}@${domain}`;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const row = {
    address,
    codeHash: codeHashOf(wholesalerId, userId, code),
    tries: 0,
    expiresAt: new Date(now.getTime() + MAIL_CODE_MINUTES * 60_000),
    createdAt: now,
  };
  // A new mail replaces the code in use (and its tries): the last mail's code is the one that counts.
  await db()
    .insert(claimMailCodes)
    .values({ wholesalerId, userId, ...row })
    .onConflictDoUpdate({ target: [claimMailCodes.wholesalerId, claimMailCodes.userId], set: row });
  const mail = claimCodeMail({
    to: address,
    listing: target.name.trim() || "이름 없음",
    code,
    minutes: MAIL_CODE_MINUTES,
    siteName: siteConfig().siteName,
  });
  runInBackground("claim code mail", () => sendMail(mail));
  log.info("claim mail sent", { wholesalerId });
  return { ok: true, message: MAIL_WORDS.sent(address) };
}

/**
 * `확인하기` of the mailed code: each try is counted before the code is compared (in one statement, so tries at once
 * never exceed 5); past 5 the code is locked until it expires. A right code makes the account a manager and is used up.
 */
export async function confirmClaimMail(userId: string, wholesalerId: number, typed: string, now = new Date()): Promise<MailClaimOutcome> {
  const target = await targetFor(userId, wholesalerId);
  if ("ok" in target) return target;
  const code = typed.normalize("NFKC").replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) return { ok: false, status: 400, message: MAIL_WORDS.badCode };
  const where = and(eq(claimMailCodes.wholesalerId, wholesalerId), eq(claimMailCodes.userId, userId));
  const [tried] = await db()
    .update(claimMailCodes)
    .set({ tries: sql`${claimMailCodes.tries} + 1` })
    .where(and(where, gt(claimMailCodes.expiresAt, now), lt(claimMailCodes.tries, MAIL_CODE_TRIES)))
    .returning({ codeHash: claimMailCodes.codeHash, address: claimMailCodes.address, tries: claimMailCodes.tries });
  if (!tried) {
    const [row] = await db().select({ expiresAt: claimMailCodes.expiresAt }).from(claimMailCodes).where(where);
    if (!row) return { ok: false, status: 400, message: MAIL_WORDS.noCode };
    if (row.expiresAt <= now) return { ok: false, status: 400, message: MAIL_WORDS.expired };
    return { ok: false, status: 429, message: MAIL_WORDS.locked };
  }
  const expected = Buffer.from(tried.codeHash, "hex");
  const given = Buffer.from(codeHashOf(wholesalerId, userId, code), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const left = MAIL_CODE_TRIES - tried.tries;
    return { ok: false, status: 400, message: left > 0 ? MAIL_WORDS.wrong(left) : MAIL_WORDS.locked };
  }
  const others = await db().transaction(async (tx) => {
    // Used up: the same code never proves twice (a second press at once finds no row and adds nothing).
    const used = await tx
      .delete(claimMailCodes)
      .where(and(where, eq(claimMailCodes.codeHash, tried.codeHash)))
      .returning();
    if (used.length === 0) return null;
    return addManagerIn(tx, userId, wholesalerId, "email", `mailto:${tried.address}`);
  });
  if (others) mailOtherManagers(others, target);
  log.info("listing claimed", { wholesalerId, method: "email" });
  return { ok: true, message: MAIL_WORDS.verified };
}
