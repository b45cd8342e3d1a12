import { afterEach, expect, test, vi } from "vitest";
import { db } from "#app/db/client.server.ts";
import { rateLimits } from "#app/db/schema.ts";
import { backgroundSettled } from "#app/platform/mail/background.server.ts";
import { signedUpCookie } from "#tests/factories.ts";
import { PASSWORD, passwordResetSteps } from "#tests/password-reset-mail.ts";
import { asResponse, formRequest } from "#tests/request.ts";
import { startSilentServer, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { forgotPasswordAction, RESET_REQUESTS_PER_CLIENT_PER_HOUR, resetPasswordAction } from "./account-actions.server.ts";
import { RESET_REQUESTED } from "./account-schema.ts";
import { ACCOUNT_FAILURE_CEILING } from "./login-limits.server.ts";

withTestDatabase();

const smtp = useSmtpStandIn();
afterEach(() => vi.restoreAllMocks());

const { login, forgot, requestLink, resetRequest } = passwordResetSteps(smtp);

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
  const known = await forgot("known@example.com");
  const unknown = await forgot("nobody@example.com");
  expect(unknown.status).toBe(known.status);
  expect(unknown.location).toBe(known.location);
  expect(unknown.message).toBe(known.message);
  // The same headers, but for the one-time message's own value (a fresh id each time).
  const names = (headers: Headers) =>
    [...headers].map(([name, value]) => (name === "set-cookie" ? `${name}: ${value.split("=")[0]}` : `${name}: ${value}`));
  expect(names(unknown.headers)).toEqual(names(known.headers));
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
  expect(malformed.data).toMatchObject({ errors: { email: "올바른 이메일 주소를 입력해 주세요." } });
  await backgroundSettled();
  expect(smtp.received.length).toBe(before);
});

test(`one client address may ask ${RESET_REQUESTS_PER_CLIENT_PER_HOUR} times an hour, whatever addresses it names; others are not held up`, async () => {
  for (let i = 0; i < RESET_REQUESTS_PER_CLIENT_PER_HOUR; i++)
    expect((await forgot(`target-${i}@example.com`, "192.0.2.50")).status).toBe(302);
  const refused = await forgot("target-next@example.com", "192.0.2.50");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(refused.data).toMatchObject({ message: "시도 횟수가 너무 많습니다. 잠시 후 다시 시도해 주세요." });
  expect((await forgot("target-next@example.com", "192.0.2.51")).status).toBe(302);
  await backgroundSettled();
});

test("a common new password is refused at the reset, and the link stays usable", async () => {
  const email = "plain-choice@example.com";
  await signedUpCookie(email);
  const link = await requestLink(email, "192.0.2.60");
  for (const common of ["password1", "Password1!", "ㅁㅁㅁㅁㅁㅁㅁㅁ"]) {
    const refused = asResponse(await resetPasswordAction(resetRequest(link, common)));
    expect(refused.status, common).toBe(400);
    expect(refused.data, common).toMatchObject({ errors: { newPassword: "너무 흔한 비밀번호입니다. 다른 비밀번호를 정해 주세요." } });
  }
  expect(asResponse(await resetPasswordAction(resetRequest(link, "a-rarer-choice-7"))).status).toBe(302);
});

test("an owner kept out of a new place by the account's failure ceiling gets in there after a reset from the mail", async () => {
  const email = "besieged@example.com";
  await signedUpCookie(email);
  // The account has seen the ceiling of failures this hour (login-limits.server.ts).
  await db()
    .insert(rateLimits)
    .values({ key: `login:account:${email}`, count: ACCOUNT_FAILURE_CEILING, resetAt: new Date(Date.now() + 3_600_000) });
  expect((await login(email, PASSWORD, "198.51.100.99")).status).toBe(429);
  const link = await requestLink(email, "198.51.100.99");
  const reset = asResponse(
    await resetPasswordAction(formRequest(`${link.pathname}${link.search}`, { newPassword: "fresh-start-horse" }, { ip: "198.51.100.99" })),
  );
  expect(reset.status).toBe(302);
  expect((await login(email, "fresh-start-horse", "198.51.100.99")).status).toBe(302);
  // Another new place is still refused until the hour is over.
  expect((await login(email, "fresh-start-horse", "198.51.100.100")).status).toBe(429);
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
    const answer = await forgot("patient@example.com");
    expect(answer).toMatchObject({ status: 302, message: RESET_REQUESTED });
    await backgroundSettled();
    const failure = errors.map((line) => JSON.parse(line)).find((entry) => entry.msg === "password reset mail failed");
    expect(failure).toMatchObject({ level: "error", error: expect.stringMatching(/greeting|timeout/i) });
    expect(JSON.stringify(failure)).not.toContain("mail-secret");
  } finally {
    process.env.SMTP_URL = smtp.url;
    await silent.close();
  }
});
