import { eq, sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { user, userTokens } from "#app/db/schema.ts";
import { forgotPasswordAction, resetPasswordAction, verifyEmailAction } from "#app/features/users/account-actions.server.ts";
import { LINK_EXPIRED, VERIFY_SIGN_IN_FIRST } from "#app/features/users/account-schema.ts";
import { signInAction } from "#app/features/users/auth-actions.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/platform/auth/auth.server.ts";
import { loader as verifyPageLoader } from "#app/routes/auth/verify-email.tsx";
import { signedUpCookie } from "#tests/factories.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { mailSubject, mailText, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const smtp = useSmtpStandIn();
afterEach(() => {
  delete process.env.ADMIN_EMAILS;
});

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

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

test("an ADMIN_EMAILS address is a plain user until its owner opens the confirmation link (docs/spec/decisions.md 30)", async () => {
  process.env.ADMIN_EMAILS = "boss@example.com";
  const cookie = await signedUpCookie("boss@example.com");
  expect(await roleOf("boss@example.com")).toEqual({ role: "user", emailVerified: false });
  expect((await caught(() => requireAdmin(formRequest("/admin", {}, { cookie })))).status).toBe(403);

  const link = await verificationLink("boss@example.com");
  // Opening the link only shows the button; nothing changes on a GET.
  expect(asResponse(await verifyPageLoader(args(getRequest(link, { cookie }))))).toMatchObject({
    status: 200,
    data: { valid: true, signedInAsAccount: true, account: { email: "boss@example.com" } },
  });
  expect((await roleOf("boss@example.com"))?.role).toBe("user");

  const confirmed = asResponse(await verifyEmailAction(formRequest(link, {}, { cookie })));
  expect(confirmed.status).toBe(302);
  expect(confirmed.location).toBe("/admin");
  const { toast } = await readToast(getRequest("/admin", { cookie: cookiesFrom(new Response(null, { headers: confirmed.headers })) }));
  expect(toast?.message).toBe("이메일 주소를 확인했습니다. 관리자 권한이 적용되었습니다.");
  expect(await roleOf("boss@example.com")).toEqual({ role: "admin", emailVerified: true });
  expect((await requireAdmin(getRequest("/admin", { cookie }))).email).toBe("boss@example.com");

  // Valid once.
  const again = asResponse(await verifyEmailAction(formRequest(link, {})));
  expect(again.status).toBe(400);
  expect(again.data).toMatchObject({ message: LINK_EXPIRED });
});

test("whoever signs up first with a listed address gains nothing without the mailbox; the link expires after 24 hours", async () => {
  process.env.ADMIN_EMAILS = "owner@example.com";
  const squatter = await signedUpCookie("owner@example.com");
  const link = await verificationLink("owner@example.com");
  const [issued] = await db().select().from(userTokens).where(eq(userTokens.purpose, "verify-email"));
  expect(issued!.expiresAt.getTime() - issued!.createdAt.getTime()).toBeGreaterThan(24 * 3_600_000 - 60_000);
  expect(issued!.expiresAt.getTime() - issued!.createdAt.getTime()).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
  await db().update(userTokens).set({ expiresAt: sql`now() - interval '1 second'` });
  expect(asResponse(await verifyPageLoader(args(getRequest(link))))).toMatchObject({ status: 400, data: { valid: false } });
  expect(asResponse(await verifyEmailAction(formRequest(link, {}, { cookie: squatter }))).data).toMatchObject({ message: LINK_EXPIRED });
  expect((await roleOf("owner@example.com"))?.role).toBe("user");

  for (const token of ["x".repeat(10 * 1024), "A".repeat(43), ""]) {
    const path = `/verify-email?${new URLSearchParams({ token })}`;
    expect(asResponse(await verifyEmailAction(formRequest(path, {}))).status).toBe(400);
  }
});

test("whoever signed up with a listed address gains nothing when the mailbox's owner presses the button elsewhere (issue #28 item 5)", async () => {
  process.env.ADMIN_EMAILS = "chief@example.com";
  const before = smtp.received.length;
  const attacker = await signedUpCookie("chief@example.com");
  const link = await verificationLink("chief@example.com", before);
  const [account] = await db().select({ createdAt: user.createdAt }).from(user).where(eq(user.email, "chief@example.com"));

  // The owner opens the mail in a browser that is not signed in as that account: the page names the account
  // and when it was made, and offers no button.
  const page = asResponse(await verifyPageLoader(args(getRequest(link))));
  expect(page.data).toMatchObject({
    valid: true,
    signedInAsAccount: false,
    account: { email: "chief@example.com", createdAt: account!.createdAt.toISOString() },
  });
  const elsewhere = await signedUpCookie("someone-else@example.com");
  expect(asResponse(await verifyPageLoader(args(getRequest(link, { cookie: elsewhere }))))).toMatchObject({
    data: { signedInAsAccount: false, signedInAs: "someone-else@example.com" },
  });

  // Pressed anyway (a direct POST, without a session or with another account's): refused, nothing changes,
  // and the link is not used up.
  for (const cookie of [undefined, elsewhere]) {
    const pressed = asResponse(await verifyEmailAction(formRequest(link, {}, cookie ? { cookie } : {})));
    expect(pressed.status).toBe(403);
    expect(pressed.data).toMatchObject({ ok: false, message: VERIFY_SIGN_IN_FIRST });
  }
  expect(await roleOf("chief@example.com")).toEqual({ role: "user", emailVerified: false });
  expect((await caught(() => requireAdmin(formRequest("/admin", {}, { cookie: attacker })))).status).toBe(403);
  expect(asResponse(await verifyPageLoader(args(getRequest(link)))).status).toBe(200);

  // The owner takes the account back with a reset from the mailbox (every session ends, the attacker's too),
  // signs in and presses the button in that browser: now the role is given.
  const resetsBefore = smtp.received.length;
  await forgotPasswordAction(formRequest("/forgot-password", { email: "chief@example.com" }, { ip: "203.0.113.9" }));
  const resetMail = await smtp.nextMail((m) => m.to.includes("chief@example.com") && smtp.received.indexOf(m) >= resetsBefore);
  const resetLink = new URL(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mailText(resetMail))![0]);
  expect(
    asResponse(await resetPasswordAction(formRequest(`${resetLink.pathname}${resetLink.search}`, { newPassword: "owner-takes-it-back" })))
      .status,
  ).toBe(302);
  const signedIn = asResponse(
    await signInAction(formRequest("/login", { email: "chief@example.com", password: "owner-takes-it-back" }), { adminOnly: false }),
  );
  const owner = cookiesFrom(new Response(null, { headers: signedIn.headers }));
  expect(asResponse(await verifyEmailAction(formRequest(link, {}, { cookie: owner }))).location).toBe("/admin");
  expect((await requireAdmin(getRequest("/admin", { cookie: owner }))).email).toBe("chief@example.com");
  // The attacker's session ended with the reset.
  expect((await caught(() => requireAdmin(formRequest("/admin", {}, { cookie: attacker })))).status).toBe(401);
});
