import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { claimMailCodes, user, wholesalerManagers, wholesalers } from "#app/db/schema.ts";
import { confirmClaimMail, MAIL_WORDS, sendClaimMail } from "#app/features/suppliers/claim-mail.server.ts";
import { mailDomainOf } from "#app/features/suppliers/claim-mail-domain.ts";
import { LOCAL_PART, SHARED_HOST_SENTENCE } from "#app/features/suppliers/claim-rules.ts";
import { isManagerOf } from "#app/features/suppliers/claims.server.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { backgroundSettled } from "#app/platform/mail/background.server.ts";
import { signedUpCookie } from "#tests/factories.ts";
import { asResponse, caught, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { mailSubject, mailText, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";

// Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
withTestDatabase();
const smtp = useSmtpStandIn();

let ownerId = "";
let ownerCookie = "";
let otherId = "";
let listing = 0;

const idOf = async (email: string) => (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
const base = { category: "패션", contact: "", logoUrl: "", summary: "" };

beforeAll(async () => {
  ownerCookie = await signedUpCookie("owner@mailclaim.test");
  await signedUpCookie("other@mailclaim.test");
  ownerId = await idOf("owner@mailclaim.test");
  otherId = await idOf("other@mailclaim.test");
});

beforeEach(async () => {
  await backgroundSettled();
  await db().delete(wholesalers);
  await db().execute("DELETE FROM rate_limits");
  listing = await createWholesaler({ ...base, name: "메일도매", siteUrl: "https://shop.maildome.co.kr/main" });
});

/** The code of the last mail to `address` (read from the stand-in SMTP server, as the owner reads their inbox). */
async function codeMailedTo(address: string) {
  await backgroundSettled();
  const mail = [...smtp.received].reverse().find((received) => received.to.includes(address));
  expect(mail, `a mail to ${address}`).toBeDefined();
  const code = /인증번호: (\d{6})/.exec(mailText(mail!))?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return { code: code!, subject: mailSubject(mail!) };
}

describe("where the mail goes", () => {
  test("the listing's registrable domain, never a shared host nor an IP", () => {
    expect(mailDomainOf("https://shop.maildome.co.kr/main")).toEqual({ ok: true, domain: "maildome.co.kr" });
    expect(mailDomainOf("http://www.example.com:8080/")).toEqual({ ok: true, domain: "example.com" });
    expect(mailDomainOf("https://smartstore.naver.com/mydome")).toEqual({ ok: false, why: "shared" });
    expect(mailDomainOf("https://mydome.cafe24.com/")).toEqual({ ok: false, why: "shared" });
    expect(mailDomainOf("https://mydome.imweb.me/")).toEqual({ ok: false, why: "shared" });
    expect(mailDomainOf("https://www.coupang.com/vp/vendors/A1")).toEqual({ ok: false, why: "shared" });
    expect(mailDomainOf("https://blog.naver.com/mydome")).toEqual({ ok: false, why: "shared" });
    expect(mailDomainOf("http://203.0.113.7/")).toEqual({ ok: false, why: "no-domain" });
    expect(mailDomainOf("http://[2001:db8::1]/")).toEqual({ ok: false, why: "no-domain" });
    expect(mailDomainOf("")).toEqual({ ok: false, why: "no-domain" });
    expect(mailDomainOf("http://localhost/")).toEqual({ ok: false, why: "no-domain" });
  });

  test("the part before @: letters, digits and . _ - +, at most 64; never @, a space, a line break", () => {
    for (const good of ["owner", "sales.team", "a_b-c+d", "x".repeat(64)]) expect(LOCAL_PART.test(good), good).toBe(true);
    for (const bad of ["a@b", "a b", "a\r\nBcc: x@y.z", "x".repeat(65), "", ".a", "a.", "a..b", "관리자"])
      expect(LOCAL_PART.test(bad), JSON.stringify(bad)).toBe(false);
  });
});

describe("the proof by mail", () => {
  test("the server builds the address; the right code makes the account a manager; the code is stored only hashed", async () => {
    const sent = await sendClaimMail(ownerId, listing, "owner");
    expect(sent).toEqual({ ok: true, message: MAIL_WORDS.sent("owner@maildome.co.kr") });
    const { code, subject } = await codeMailedTo("owner@maildome.co.kr");
    expect(subject).toContain("인증번호");
    // Not in the subject: a mail without SMTP_URL logs its subject.
    expect(subject).not.toContain(code);
    const [row] = await db().select().from(claimMailCodes);
    expect(row).toMatchObject({ address: "owner@maildome.co.kr", tries: 0 });
    expect(JSON.stringify(row)).not.toContain(code);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    expect(await confirmClaimMail(ownerId, listing, code)).toEqual({ ok: true, message: MAIL_WORDS.verified });
    expect(await isManagerOf(ownerId, listing)).toBe(true);
    const [manager] = await db().select().from(wholesalerManagers);
    expect(manager).toMatchObject({ method: "email", proofUrl: "mailto:owner@maildome.co.kr" });
    // Used up: the same code proves nothing for anyone again.
    expect(await db().select().from(claimMailCodes)).toEqual([]);
    expect((await confirmClaimMail(otherId, listing, code)).ok).toBe(false);
  });

  test("through the page: the form's own domain or a whole address is never used", async () => {
    const page = asResponse(await callLoader(getRequest(`/wholesaler/${listing}/claim`, { cookie: ownerCookie })));
    expect(page.data).toMatchObject({ mail: { domain: "maildome.co.kr", refusal: null, pending: false } });
    const sent = asResponse(
      await callAction(
        formRequest(
          `/wholesaler/${listing}/claim`,
          { method: "email-send", localPart: "boss", domain: "attacker.example" },
          { cookie: ownerCookie },
        ),
      ),
    );
    expect(sent.data).toMatchObject({ ok: true });
    await backgroundSettled();
    expect(smtp.received.at(-1)?.to).toEqual(["boss@maildome.co.kr"]);
    for (const localPart of ["boss@attacker.example", "a b", "a\r\nBcc: x@attacker.example", "x".repeat(65)]) {
      const refused = asResponse(
        await callAction(formRequest(`/wholesaler/${listing}/claim`, { method: "email-send", localPart }, { cookie: ownerCookie })),
      );
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ ok: false, message: MAIL_WORDS.badLocalPart });
    }
    const again = asResponse(await callLoader(getRequest(`/wholesaler/${listing}/claim`, { cookie: ownerCookie })));
    expect(again.data).toMatchObject({ mail: { pending: true } });
    const { code } = await codeMailedTo("boss@maildome.co.kr");
    const done = await caught(() =>
      callAction(formRequest(`/wholesaler/${listing}/claim`, { method: "email-confirm", mailCode: code }, { cookie: ownerCookie })),
    );
    expect(done.status).toBe(302);
    expect(await isManagerOf(ownerId, listing)).toBe(true);
  });

  test("5 wrong codes lock the code for its life, even the right one after; a new mail is needed", async () => {
    await sendClaimMail(ownerId, listing, "owner");
    const { code } = await codeMailedTo("owner@maildome.co.kr");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--) {
      expect(await confirmClaimMail(ownerId, listing, wrong)).toEqual({ ok: false, status: 400, message: MAIL_WORDS.wrong(left) });
    }
    expect(await confirmClaimMail(ownerId, listing, wrong)).toMatchObject({ ok: false, message: MAIL_WORDS.locked });
    expect(await confirmClaimMail(ownerId, listing, code)).toMatchObject({ ok: false, status: 429, message: MAIL_WORDS.locked });
    expect(await isManagerOf(ownerId, listing)).toBe(false);
    // Guesses at once never pass the 5 tries either.
    await sendClaimMail(ownerId, listing, "owner");
    const fresh = await codeMailedTo("owner@maildome.co.kr");
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        confirmClaimMail(ownerId, listing, String((Number(fresh.code) + 1 + i) % 1_000_000).padStart(6, "0")),
      ),
    );
    expect(guesses.every((outcome) => !outcome.ok)).toBe(true);
    const [row] = await db().select().from(claimMailCodes);
    expect(row?.tries).toBe(5);
    expect(await confirmClaimMail(ownerId, listing, fresh.code)).toMatchObject({ ok: false, message: MAIL_WORDS.locked });
  });

  test("a code past its 30 minutes, a malformed code, no mail yet: refused in Korean", async () => {
    expect(await confirmClaimMail(ownerId, listing, "123456")).toMatchObject({ ok: false, status: 400, message: MAIL_WORDS.noCode });
    expect(await confirmClaimMail(ownerId, listing, "12345")).toMatchObject({ ok: false, status: 400, message: MAIL_WORDS.badCode });
    expect(await confirmClaimMail(ownerId, listing, "12a456")).toMatchObject({ ok: false, status: 400, message: MAIL_WORDS.badCode });
    await sendClaimMail(ownerId, listing, "owner");
    const { code } = await codeMailedTo("owner@maildome.co.kr");
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await confirmClaimMail(ownerId, listing, code, later)).toMatchObject({ ok: false, message: MAIL_WORDS.expired });
    expect(await isManagerOf(ownerId, listing)).toBe(false);
  });

  test("3 mails a listing per account a day; 20 requests in a minute send no more", async () => {
    const outcomes = [];
    for (let i = 0; i < 20; i++) outcomes.push(await sendClaimMail(ownerId, listing, `try${i}`));
    await backgroundSettled();
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(3);
    expect(outcomes.slice(3).every((outcome) => !outcome.ok && outcome.status === 429)).toBe(true);
    expect(smtp.received.filter((mail) => mail.to.some((to) => to.endsWith("@maildome.co.kr") && to.startsWith("try")))).toHaveLength(3);
    // Another listing of the same account: within the minute's limit, its own 3 a day.
    const second = await createWholesaler({ ...base, name: "둘째도매", siteUrl: "https://second.co.kr" });
    const other = await sendClaimMail(ownerId, second, "owner");
    expect(other.ok === true || (other.ok === false && other.status === 429)).toBe(true);
  });

  test("not offered for a shared host, a waiting listing or one without a site", async () => {
    const store = await createWholesaler({ ...base, name: "스토어도매", siteUrl: "https://smartstore.naver.com/storedome" });
    expect(await sendClaimMail(ownerId, store, "owner")).toMatchObject({ ok: false, status: 403, message: SHARED_HOST_SENTENCE });
    const page = asResponse(await callLoader(getRequest(`/wholesaler/${store}/claim`, { cookie: ownerCookie })));
    expect(page.data).toMatchObject({ mail: { domain: null, refusal: SHARED_HOST_SENTENCE } });
    const noSite = await createWholesaler({ ...base, name: "주소없음", siteUrl: "" });
    expect(await sendClaimMail(ownerId, noSite, "owner")).toMatchObject({ ok: false, status: 403 });
    await db().update(wholesalers).set({ status: "review" }).where(eq(wholesalers.id, listing));
    expect(await sendClaimMail(ownerId, listing, "owner")).toMatchObject({ ok: false, status: 403 });
    await backgroundSettled();
    expect(await db().select().from(claimMailCodes)).toEqual([]);
  });

  test("without a mail server the way is not offered (its code would go nowhere)", async () => {
    const url = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    try {
      expect(await sendClaimMail(ownerId, listing, "owner")).toMatchObject({ ok: false, status: 403, message: MAIL_WORDS.noMailServer });
      const page = asResponse(await callLoader(getRequest(`/wholesaler/${listing}/claim`, { cookie: ownerCookie })));
      expect(page.data).toMatchObject({ mail: { domain: null, refusal: MAIL_WORDS.noMailServer } });
    } finally {
      process.env.SMTP_URL = url;
    }
    expect(await db().select().from(claimMailCodes)).toEqual([]);
  });

  test("anonymous visitors are sent to log in; nothing is mailed", async () => {
    const before = smtp.received.length;
    const anonymous = await caught(() =>
      callAction(formRequest(`/wholesaler/${listing}/claim`, { method: "email-send", localPart: "owner" })),
    );
    expect([302, 401]).toContain(anonymous.status);
    await backgroundSettled();
    expect(smtp.received.length).toBe(before);
  });
});
