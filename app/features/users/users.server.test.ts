import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { rateLimits, user } from "#app/db/schema.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { backgroundSettled } from "#app/platform/mail/background.server.ts";
import { signedUpCookie } from "#tests/factories.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { mailSubject, mailText, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { accountAction, verifyEmailAction } from "./account-actions.server.ts";
import { notifyRepeatedLoginFailures, promoteToAdmin, VERIFICATION_MAILS_PER_ADDRESS_PER_HOUR } from "./users.server.ts";

withTestDatabase();

const smtp = useSmtpStandIn();
afterEach(() => {
  delete process.env.ADMIN_EMAILS;
});

async function roleOf(email: string) {
  const [row] = await db().select({ role: user.role, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email));
  return row;
}

async function verificationLink(email: string, after = 0) {
  const mail = await smtp.nextMail((m) => m.to.includes(email) && smtp.received.indexOf(m) >= after);
  expect(mailSubject(mail)).toContain("관리자 이메일 주소 확인");
  const link = /http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec(mailText(mail))?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test("/account offers a confirmation mail to every account whose address is not proved yet; a listed one's link grants the role", async () => {
  // A plain account (reviews need a proved address, ui-contract.md "Seller reviews"): the mail proves it, no role.
  const plainBefore = smtp.received.length;
  const plain = await signedUpCookie("plain@example.com");
  const sent = asResponse(await accountAction(formRequest("/account", { intent: "send-verification" }, { cookie: plain })));
  expect(sent.location).toBe("/account");
  const plainMail = await smtp.nextMail((m) => m.to.includes("plain@example.com") && smtp.received.indexOf(m) >= plainBefore);
  expect(mailSubject(plainMail)).toContain("이메일 주소 확인");
  expect(mailSubject(plainMail)).not.toContain("관리자");
  const plainLink = new URL(/http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec(mailText(plainMail))![0]);
  const proved = asResponse(await verifyEmailAction(formRequest(`${plainLink.pathname}${plainLink.search}`, {}, { cookie: plain })));
  expect(proved.location).toBe("/account");
  expect(await roleOf("plain@example.com")).toEqual({ role: "user", emailVerified: true });
  // Proved once: nothing more to send.
  const again = await caught(() => accountAction(formRequest("/account", { intent: "send-verification" }, { cookie: plain })));
  expect(again.status).toBe(400);
  expect(again.data).toMatchObject({ message: "이미 확인된 이메일 주소입니다." });

  process.env.ADMIN_EMAILS = "late@example.com";
  const before = smtp.received.length;
  const cookie = await signedUpCookie("late@example.com");
  await verificationLink("late@example.com", before);
  const resend = asResponse(await accountAction(formRequest("/account", { intent: "send-verification" }, { cookie })));
  expect(resend.location).toBe("/account");
  expect(
    (await readToast(getRequest("/account", { cookie: cookiesFrom(new Response(null, { headers: resend.headers })) }))).toast?.message,
  ).toBe("확인 메일을 보냈습니다. 이 브라우저에서 메일의 링크를 24시간 안에 열어 주세요.");
  await backgroundSettled();
  const links = smtp.received.filter((m) => m.to.includes("late@example.com"));
  expect(links).toHaveLength(2);
  // The newer link replaced the first one.
  const newest = /\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec(mailText(links[1]!))?.[0];
  const oldest = /\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec(mailText(links[0]!))?.[0];
  expect(asResponse(await verifyEmailAction(formRequest(oldest!, {}, { cookie }))).status).toBe(400);
  expect(asResponse(await verifyEmailAction(formRequest(newest!, {}, { cookie }))).location).toBe("/admin");
});

test(`confirmation mails are limited per address (${VERIFICATION_MAILS_PER_ADDRESS_PER_HOUR} an hour): deleting and signing up again buys none`, async () => {
  process.env.ADMIN_EMAILS = "again@example.com";
  const before = smtp.received.length;
  let cookie = "";
  for (let i = 0; i < 5; i++) {
    cookie = await signedUpCookie("again@example.com");
    if (i < 4)
      expect(
        asResponse(await accountAction(formRequest("/account", { intent: "delete-account", confirm: "yes" }, { cookie }))).status,
      ).toBe(302);
  }
  // From /account as well: refused with Retry-After.
  const resend = asResponse(await accountAction(formRequest("/account", { intent: "send-verification" }, { cookie })));
  expect(resend.status).toBe(429);
  expect(Number(resend.headers.get("Retry-After"))).toBeGreaterThan(0);
  await backgroundSettled();
  expect(smtp.received.slice(before).filter((m) => m.to.includes("again@example.com"))).toHaveLength(
    VERIFICATION_MAILS_PER_ADDRESS_PER_HOUR,
  );
});

test("npm run admin still promotes an account directly", async () => {
  await signedUpCookie("cli@example.com");
  expect(await promoteToAdmin("CLI@example.com")).toBe(true);
  expect((await roleOf("cli@example.com"))?.role).toBe("admin");
  expect(await promoteToAdmin("missing@example.com")).toBe(false);
});

test("notifyRepeatedLoginFailures mails the owner at most once an hour, counted in the database, and nobody for an unknown address", async () => {
  await signedUpCookie("guessed@example.com");
  expect(await notifyRepeatedLoginFailures("nobody@example.com")).toBe(false);
  expect(await notifyRepeatedLoginFailures("GUESSED@example.com")).toBe(true);
  const mail = await smtp.nextMail((m) => m.to.includes("guessed@example.com") && mailSubject(m).includes("로그인 실패"));
  expect(mailText(mail)).toContain("http://localhost:3000/forgot-password");
  expect(await notifyRepeatedLoginFailures("guessed@example.com")).toBe(false);
  await backgroundSettled();
  expect(smtp.received.filter((m) => m.to.includes("guessed@example.com") && mailSubject(m).includes("로그인 실패"))).toHaveLength(1);

  // The hour is kept in the shared table: when it has passed, the owner may be told again.
  const [row] = await db().select().from(rateLimits).where(sql`${rateLimits.key} like 'mail:login-failures:%'`);
  expect(row).toBeTruthy();
  await db().update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimits.key, row!.key));
  expect(await notifyRepeatedLoginFailures("guessed@example.com")).toBe(true);
  await backgroundSettled();
});

test("the name migration clears names that are only the address's local part and keeps chosen ones", async () => {
  await db()
    .insert(user)
    .values([
      { id: "m1", email: "derived@example.com", name: "derived" },
      { id: "m2", email: "chosen@example.com", name: "도매온 운영팀" },
      { id: "m3", email: "empty@example.com", name: "" },
    ]);
  const migration = fs.readFileSync("drizzle/0005_clear-derived-user-names.sql", "utf8");
  for (const statement of migration.split("--> statement-breakpoint")) await db().execute(sql.raw(statement));
  const rows = await db().select({ id: user.id, name: user.name }).from(user).where(sql`${user.id} in ('m1','m2','m3')`).orderBy(user.id);
  expect(rows).toEqual([
    { id: "m1", name: "" },
    { id: "m2", name: "도매온 운영팀" },
    { id: "m3", name: "" },
  ]);
});
