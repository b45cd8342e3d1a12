import { eq, sql } from "drizzle-orm";
import { afterEach, expect, test, vi } from "vitest";
import { db } from "#app/db/client.server.ts";
import { session, user, userTokens } from "#app/db/schema.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import { backgroundSettled } from "#app/platform/mail/background.server.ts";
import { loader as resetPageLoader } from "#app/routes/auth/reset-password.tsx";
import { signedUpCookie } from "#tests/accounts.ts";
import { asResponse, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { mailText, startSilentServer, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { forgotPasswordAction, resetPasswordAction } from "./account-actions.server.ts";
import { LINK_EXPIRED, RESET_REQUESTED } from "./account-schema.ts";
import { signInAction } from "./auth-actions.server.ts";
import { RESET_MAILS_PER_ADDRESS_PER_HOUR } from "./password-reset.server.ts";

withTestDatabase();

const smtp = useSmtpStandIn();
afterEach(() => vi.restoreAllMocks());

const PASSWORD = "correct-horse-9";
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

async function login(email: string, password: string) {
  const res = asResponse(await signInAction(formRequest("/login", { email, password }), { adminOnly: false }));
  return { status: res.status, cookie: cookiesFrom(new Response(null, { headers: res.headers })) };
}

/** Asks for a reset link and returns it as the mail carried it. */
async function requestLink(email: string) {
  const answer = asResponse(await forgotPasswordAction(formRequest("/forgot-password", { email })));
  expect(answer.data).toEqual({ ok: true, message: RESET_REQUESTED });
  const mail = await smtp.nextMail((m) => m.to.includes(email) && !used.has(m));
  used.add(mail);
  const link = /http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mailText(mail))?.[0];
  expect(link).toBeTruthy();
  return new URL(link!);
}
const used = new Set<unknown>();

const resetRequest = (url: URL | string, newPassword: string, cookie?: string) => {
  const target = new URL(url);
  return formRequest(`${target.pathname}${target.search}`, { newPassword }, cookie ? { cookie } : {});
};

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

test("a too-short new password is refused with the field's message and keeps the link usable", async () => {
  const email = "short@example.com";
  await signedUpCookie(email);
  const link = await requestLink(email);
  const short = asResponse(await resetPasswordAction(resetRequest(link, "1234567")));
  expect(short.status).toBe(400);
  expect(short.data).toMatchObject({ errors: { newPassword: "새 비밀번호는 8자 이상이어야 합니다." }, values: {} });
  expect(asResponse(await resetPasswordAction(resetRequest(link, "long-enough-now"))).status).toBe(302);
});

test("known and unknown addresses get the same answer; only the known one gets a mail", async () => {
  await signedUpCookie("known@example.com");
  const before = smtp.received.length;
  const known = asResponse(await forgotPasswordAction(formRequest("/forgot-password", { email: "known@example.com" })));
  const unknown = asResponse(await forgotPasswordAction(formRequest("/forgot-password", { email: "nobody@example.com" })));
  expect(unknown.status).toBe(known.status);
  expect(unknown.data).toEqual(known.data);
  expect([...unknown.headers]).toEqual([...known.headers]);
  await backgroundSettled();
  const sent = smtp.received.slice(before);
  expect(sent.map((m) => m.to)).toEqual([["known@example.com"]]);
});

test("a filled honeypot gets 400 and no mail; a malformed address gets the field's message", async () => {
  await signedUpCookie("honey@example.com");
  const before = smtp.received.length;
  const bot = asResponse(
    await forgotPasswordAction(formRequest("/forgot-password", { email: "honey@example.com", nickname_confirm: "x" })),
  );
  expect(bot.status).toBe(400);
  const malformed = asResponse(await forgotPasswordAction(formRequest("/forgot-password", { email: "not-an-address" })));
  expect(malformed.status).toBe(400);
  expect(malformed.data).toMatchObject({ errors: { email: "올바른 이메일 주소를 입력해주세요." } });
  await backgroundSettled();
  expect(smtp.received.length).toBe(before);
});

test(`one address receives at most ${RESET_MAILS_PER_ADDRESS_PER_HOUR} reset mails an hour, and the page says the same every time`, async () => {
  const email = "flooded@example.com";
  await signedUpCookie(email);
  const before = smtp.received.filter((m) => m.to.includes(email)).length;
  for (let i = 0; i < RESET_MAILS_PER_ADDRESS_PER_HOUR + 2; i++) {
    const answer = asResponse(await forgotPasswordAction(formRequest("/forgot-password", { email }, { ip: `10.0.0.${i}` })));
    expect(answer.data).toEqual({ ok: true, message: RESET_REQUESTED });
  }
  await backgroundSettled();
  expect(smtp.received.filter((m) => m.to.includes(email)).length - before).toBe(RESET_MAILS_PER_ADDRESS_PER_HOUR);
  // Only the newest link works: an earlier one was replaced.
  expect(await db().select().from(userTokens).innerJoin(user, eq(user.id, userTokens.userId)).where(eq(user.email, email))).toHaveLength(1);
});

test("an SMTP server that never answers: the page answers the same at once, the failure is logged, nothing hangs", async () => {
  const silent = await startSilentServer();
  const errors: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown) => {
    errors.push(String(chunk));
    return true;
  }) as typeof process.stderr.write);
  try {
    process.env.SMTP_URL = silent.url;
    await signedUpCookie("patient@example.com");
    const answer = asResponse(await forgotPasswordAction(formRequest("/forgot-password", { email: "patient@example.com" })));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true, message: RESET_REQUESTED });
    await backgroundSettled();
    const failure = errors.map((line) => JSON.parse(line)).find((entry) => entry.msg === "password reset mail failed");
    expect(failure).toMatchObject({ level: "error", error: expect.stringMatching(/greeting|timeout/i) });
    expect(JSON.stringify(failure)).not.toContain("mail-secret");
  } finally {
    process.env.SMTP_URL = smtp.url;
    await silent.close();
  }
});
