import { eq, sql } from "drizzle-orm";
import { afterEach, expect, test, vi } from "vitest";
import { db } from "#app/db/client.server.ts";
import { rateLimits, session, user, userTokens } from "#app/db/schema.ts";
import { resetPasswordAction } from "#app/features/users/account-actions.server.ts";
import { LINK_EXPIRED, RESET_REQUESTED } from "#app/features/users/account-schema.ts";
import { RESET_MAIL_INTERVAL_MS } from "#app/features/users/password-reset.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import { backgroundSettled } from "#app/platform/mail/background.server.ts";
import { loader as resetPageLoader } from "#app/routes/auth/reset-password.tsx";
import { signedUpCookie } from "#tests/factories.ts";
import { PASSWORD, passwordResetSteps } from "#tests/password-reset-mail.ts";
import { asResponse, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { mailText, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const smtp = useSmtpStandIn();
afterEach(() => vi.restoreAllMocks());

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const { login, forgot, requestLink, resetRequest } = passwordResetSteps(smtp);

test("a reset link from the mail sets a new password once, ends every session and goes to /login with the message", async () => {
  const email = "forgetful@example.com";
  const firstBrowser = await signedUpCookie(email);
  const secondBrowser = (await login(email, PASSWORD)).cookie;
  const link = await requestLink(email);

  // Only the hash of the token is stored.
  const token = link.searchParams.get("token")!;
  const stored = await db().select().from(userTokens);
  expect(JSON.stringify(stored)).not.toContain(token);
  expect(stored.map((row) => row.tokenHash)).toContainEqual(expect.stringMatching(/^[0-9a-f]{64}$/));
  const lifetime = stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime();
  expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(60_000);

  const page = asResponse(await resetPageLoader(args(getRequest(`${link.pathname}${link.search}`))));
  expect(page.data).toEqual({ valid: true });

  const done = asResponse(await resetPasswordAction(resetRequest(link, "new-horse-battery", secondBrowser)));
  expect(done.status).toBe(302);
  expect(done.location).toBe("/login");
  const { toast } = await readToast(getRequest("/login", { cookie: cookiesFrom(new Response(null, { headers: done.headers })) }));
  expect(toast?.message).toBe("비밀번호가 변경되었습니다. 다시 로그인해 주세요.");

  expect(await getUser(getRequest("/", { cookie: firstBrowser }))).toBeNull();
  expect(await getUser(getRequest("/", { cookie: secondBrowser }))).toBeNull();
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  expect(await db().select().from(session).where(eq(session.userId, row!.id))).toHaveLength(0);
  expect((await login(email, PASSWORD)).status).toBe(401);
  expect((await login(email, "new-horse-battery")).status).toBe(302);

  // Used once: the same link again changes nothing.
  const again = asResponse(await resetPasswordAction(resetRequest(link, "third-horse-battery")));
  expect(again.status).toBe(400);
  expect(again.data).toMatchObject({ ok: false, message: LINK_EXPIRED });
  expect(asResponse(await resetPageLoader(args(getRequest(`${link.pathname}${link.search}`))))).toMatchObject({
    status: 400,
    data: { valid: false },
  });
  expect((await login(email, "new-horse-battery")).status).toBe(302);
});

test("a wrong, expired or 10 KB token gets `링크가 만료되었거나 이미 사용되었습니다.`, never a 500", async () => {
  const email = "expired@example.com";
  await signedUpCookie(email);
  const link = await requestLink(email);
  await db().update(userTokens).set({ expiresAt: sql`now() - interval '1 second'` });

  const tokens = [link.searchParams.get("token")!, "A".repeat(43), "not-a-token", "x".repeat(10 * 1024), ""];
  for (const token of tokens) {
    const path = `/reset-password?${new URLSearchParams({ token })}`;
    expect(asResponse(await resetPageLoader(args(getRequest(path))))).toMatchObject({ status: 400, data: { valid: false } });
    const answer = asResponse(await resetPasswordAction(formRequest(path, { newPassword: "new-horse-battery" })));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ message: LINK_EXPIRED });
  }
  expect((await login(email, PASSWORD)).status).toBe(302);
});

test("nobody can use up an owner's reset mails: while the last link is minutes old no new one goes out, and it is still in the mailbox", async () => {
  const email = "flooded@example.com";
  await signedUpCookie(email);
  const mailsTo = () => smtp.received.filter((m) => m.to.includes(email));
  const before = mailsTo().length;
  // Someone else asks for the owner's address again and again, from many client addresses.
  for (let i = 0; i < 5; i++) expect((await forgot(email, `10.0.0.${i}`)).message).toBe(RESET_REQUESTED);
  await backgroundSettled();
  expect(mailsTo().length - before).toBe(1);
  // The link that did go out works: the owner who asks now (and gets no second mail) uses it.
  const link = /http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mailText(mailsTo().at(-1)!))![0];
  expect(asResponse(await resetPageLoader(args(getRequest(new URL(link).pathname + new URL(link).search))))).toMatchObject({
    data: { valid: true },
  });

  // Once the last link is older than the interval, the next request sends a new one.
  expect(RESET_MAIL_INTERVAL_MS).toBeLessThanOrEqual(10 * 60_000);
  await db()
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimits.key, `mail:reset:${email}`));
  await forgot(email, "10.0.1.1");
  await backgroundSettled();
  expect(mailsTo().length - before).toBe(2);
  // Only the newest link works: an earlier one was replaced.
  expect(await db().select().from(userTokens).innerJoin(user, eq(user.id, userTokens.userId)).where(eq(user.email, email))).toHaveLength(1);
});
