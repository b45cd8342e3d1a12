import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db } from "#app/db/client.server.ts";
import { user } from "#app/db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { log } from "#app/lib/log.server.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { toastCookie } from "#app/lib/toast.server.ts";
import { auth } from "#app/platform/auth/auth.server.ts";
import { clearRateLimit, clientAddress, hitRateLimit, peekRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import { credentialsSchema, HONEYPOT_FIELD, signupSchema } from "./auth-schema.ts";
import { notifyRepeatedLoginFailures, sendAdminVerification } from "./users.server.ts";

export type AuthActionData = { ok: false; error: string } | { ok: true; message: string; redirectTo: string };

const LOGIN_FAILED = "로그인 실패: 이메일 또는 비밀번호를 확인해주세요.";
const TOO_MANY = "시도 횟수가 너무 많습니다. 잠시 후 다시 시도해주세요.";

/**
 * Login limits that stop guessing without handing an attacker the owner's account (issue #17):
 * - every attempt counts against the client address (AUTH_RATE_LIMIT a minute);
 * - failures count per (account, address): that address is refused for the account after
 *   PAIR_FAILURES in PAIR_WINDOW, whatever password it sends next;
 * - failures count per account: once an account has seen ACCOUNT_HOT_FAILURES in an hour, an address
 *   that has failed on it is refused, and every other attempt on it waits HOT_DELAY_MS first. The
 *   correct password from an address that has not been failing still signs in, so nobody can lock
 *   an owner out by guessing wrong on purpose.
 */
const PAIR_FAILURES = 10;
const PAIR_WINDOW_MS = 15 * 60_000;
const ACCOUNT_WINDOW_MS = 60 * 60_000;
export const ACCOUNT_HOT_FAILURES = 20;
const HOT_DELAY_MS = 1_000;

/** Better Auth's English error codes, in Korean. */
const SIGNUP_ERRORS: Record<string, string> = {
  USER_ALREADY_EXISTS: "이미 가입된 이메일입니다.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "이미 가입된 이메일입니다.",
  PASSWORD_TOO_SHORT: "비밀번호는 8자 이상이어야 합니다.",
  PASSWORD_TOO_LONG: "비밀번호는 128자 이하여야 합니다.",
  INVALID_EMAIL: "올바른 이메일 주소를 입력해주세요.",
};

function fail(error: string, status: number, headers?: HeadersInit) {
  return data<AuthActionData>({ ok: false, error }, { status, headers });
}

/** Per-address limit on login and signup attempts (AUTH_RATE_LIMIT a minute; 0 turns it off). */
async function addressLimited(request: Request, kind: "login" | "signup") {
  const limit = env().AUTH_RATE_LIMIT;
  if (limit === 0) return null;
  const result = await hitRateLimit(`${kind}:ip:${clientAddress(request)}`, limit, 60_000);
  return result.allowed ? null : result.retryAfterSeconds;
}

/**
 * Answers a successful form: with JavaScript the page shows the toast and moves on after a second;
 * a plain form post is redirected at once with the toast in the flash cookie.
 */
async function succeed(form: FormData, message: string, to: string, authCookies: string[]) {
  const headers = new Headers();
  for (const cookie of authCookies) headers.append("Set-Cookie", cookie);
  if (form.get("js") === "1") return data<AuthActionData>({ ok: true, message, redirectTo: to }, { headers });
  headers.append("Set-Cookie", await toastCookie({ type: "success", message }));
  return redirect(to, { headers });
}

export async function signInAction(request: Request, { adminOnly }: { adminOnly: boolean }) {
  const form = await readForm(request);
  if (form.get(HONEYPOT_FIELD)) return fail("잘못된 요청입니다.", 400);
  const parsed = credentialsSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return fail(`로그인 실패: ${parsed.error.issues[0]?.message}`, 400);
  const { email, password } = parsed.data;

  const retryAfter = await addressLimited(request, "login");
  if (retryAfter) return fail(TOO_MANY, 429, { "Retry-After": String(retryAfter) });
  const pairKey = `login:fail:${email}:${clientAddress(request)}`;
  const accountKey = `login:account:${email}`;
  const [pair, account] = await Promise.all([peekRateLimit(pairKey), peekRateLimit(accountKey)]);
  if (pair.count >= PAIR_FAILURES) return fail(TOO_MANY, 429, { "Retry-After": String(pair.retryAfterSeconds) });
  if (account.count >= ACCOUNT_HOT_FAILURES) {
    if (pair.count > 0) return fail(TOO_MANY, 429, { "Retry-After": String(pair.retryAfterSeconds) });
    await new Promise((resolve) => setTimeout(resolve, HOT_DELAY_MS));
  }

  const response = await auth().api.signInEmail({ body: { email, password }, headers: request.headers, asResponse: true });
  if (!response.ok) {
    const [, accountFailures] = await Promise.all([
      hitRateLimit(pairKey, PAIR_FAILURES, PAIR_WINDOW_MS),
      hitRateLimit(accountKey, ACCOUNT_HOT_FAILURES, ACCOUNT_WINDOW_MS),
    ]);
    if (accountFailures.count === ACCOUNT_HOT_FAILURES) {
      log.warn("many failed logins for one account", { request });
      // The owner hears of it (at most once an hour); the mail leaves after this answer.
      await notifyRepeatedLoginFailures(email);
    }
    return fail(LOGIN_FAILED, 401);
  }

  const [row] = await db().select({ role: user.role }).from(user).where(eq(user.email, email));
  const isAdmin = row?.role === "admin";
  if (adminOnly && !isAdmin) {
    // Do not hand the session to a non-admin who used the admin door; the new session is dropped.
    await auth()
      .api.signOut({ headers: sessionHeaders(response) })
      .catch(() => {});
    return fail("로그인 실패: 관리자 계정이 아닙니다.", 403);
  }
  await clearRateLimit(pairKey);
  const fallback = isAdmin ? "/admin" : "/add";
  const to = adminOnly ? "/admin" : safeRedirectPath(form.get("redirectTo"), fallback);
  return succeed(form, "로그인 성공!", to, response.headers.getSetCookie());
}

export async function signUpAction(request: Request) {
  const form = await readForm(request);
  if (form.get(HONEYPOT_FIELD)) return fail("잘못된 요청입니다.", 400);
  const parsed = signupSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return fail(`회원가입 실패: ${parsed.error.issues[0]?.message}`, 400);
  const { email, password } = parsed.data;

  const retryAfter = await addressLimited(request, "signup");
  if (retryAfter) return fail(TOO_MANY, 429, { "Retry-After": String(retryAfter) });

  const response = await auth().api.signUpEmail({
    // No name from the address: a display name is chosen on /account (decisions 29).
    body: { email, password, name: "" },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    const reason = SIGNUP_ERRORS[body.code ?? ""] ?? "잠시 후 다시 시도해주세요.";
    return fail(`회원가입 실패: ${reason}`, response.status === 422 ? 409 : 400);
  }
  const created = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { user?: { id?: string } };
  // An ADMIN_EMAILS address gets the link that proves it; until it is opened the account is a plain user.
  if (created.user?.id)
    await sendAdminVerification(created.user.id).catch((error: unknown) => log.error("admin verification failed", { request, error }));
  return succeed(form, "회원가입이 완료되었습니다.", "/add", response.headers.getSetCookie());
}

export async function signOutAction(request: Request) {
  try {
    const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await toastCookie({ type: "success", message: "로그아웃되었습니다." }));
    return redirect("/", { headers });
  } catch (error) {
    const reason = error instanceof Error && /session/i.test(error.message) ? "로그인 상태가 아닙니다." : "잠시 후 다시 시도해주세요.";
    return redirect("/", { headers: { "Set-Cookie": await toastCookie({ type: "error", message: `로그아웃 실패: ${reason}` }) } });
  }
}

/** Cookie header carrying the session that a sign-in response just set. */
function sessionHeaders(response: Response) {
  const cookies = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie: cookies });
}
