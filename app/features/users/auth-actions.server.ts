import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { user } from "#app/db/schema.ts";
import { formFailure, readForm, validateForm } from "#app/lib/form.server.ts";
import { log } from "#app/lib/log.server.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { auth } from "#app/platform/auth/auth.server.ts";
import { addressLimited, clientAddress } from "#app/platform/auth/rate-limit.server.ts";
import { agreedConsents, credentialsSchema, HONEYPOT_FIELD, providerSignupSchema, signupSchema } from "./auth-schema.ts";
import { COMMON_PASSWORD, isCommonPassword } from "./common-passwords.server.ts";
import { recordConsents } from "./consents.server.ts";
import { ACCOUNT_HOT_FAILURES, takeLoginSlot } from "./login-limits.server.ts";
import { PENDING_ACTION_FIELD } from "./pending-action.ts";
import { offeredProvider, redirectToProvider } from "./provider-sign-in.server.ts";
import { CONSENT_ALL_FIELD, CONSENT_ITEMS } from "./signup-consent.ts";
import { notifyRepeatedLoginFailures, sendVerificationMail } from "./users.server.ts";

/**
 * The actions of /login, /admin-login, /signup and /logout. One answer shape, like every form action
 * (docs/architecture.md): success redirects with a one-time message, a failure is the form kit's
 * failure (a message, each field's problem, what was typed; never the password).
 */

const LOGIN_FAILED = "로그인 실패: 이메일 또는 비밀번호를 확인해 주세요.";
const TOO_MANY = "시도 횟수가 너무 많습니다. 잠시 후 다시 시도해 주세요.";
const CEILING_REACHED =
  "이 계정에 로그인 실패가 너무 많아 처음 쓰는 곳에서의 로그인을 잠시 막았습니다. 비밀번호 찾기에서 메일로 비밀번호를 다시 정하면 바로 로그인할 수 있습니다.";
const BAD_REQUEST = "잘못된 요청입니다.";

/** Better Auth's English error codes, in Korean, with the field they are about. */
const SIGNUP_ERRORS: Record<string, { field: "email" | "password"; message: string }> = {
  USER_ALREADY_EXISTS: { field: "email", message: "이미 가입된 이메일입니다." },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { field: "email", message: "이미 가입된 이메일입니다." },
  PASSWORD_TOO_SHORT: { field: "password", message: "비밀번호는 8자 이상이어야 합니다." },
  PASSWORD_TOO_LONG: { field: "password", message: "비밀번호는 128자 이하여야 합니다." },
  INVALID_EMAIL: { field: "email", message: "올바른 이메일 주소를 입력해 주세요." },
};

function refused(message: string, retryAfterSeconds: number, values: Record<string, string>) {
  return formFailure(message, { status: 429, values, headers: { "Retry-After": String(retryAfterSeconds) } });
}

/** What the form sends besides the credentials: the page to return to and the intent to finish there. */
function carried(form: FormData) {
  const values: Record<string, string> = {};
  for (const name of ["redirectTo", PENDING_ACTION_FIELD]) {
    const value = form.get(name);
    if (typeof value === "string" && value) values[name] = value;
  }
  return values;
}

/**
 * Finishes what the person was doing when they were sent to sign in (pending-action.ts), in the sign-in's own POST,
 * and returns the words to add to the success message. The route passes it in (a 찜 pressed while signed out is
 * the favourites' to save, features/favorites), so this folder imports no feature that uses it.
 */
export type AfterSignIn = (userId: string, form: FormData) => Promise<string>;

function signedInRedirect(to: string, message: string, authCookies: string[]) {
  const headers = new Headers();
  for (const cookie of authCookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast(to, { type: "success", message }, { headers });
}

export async function signInAction(request: Request, { adminOnly, afterSignIn }: { adminOnly: boolean; afterSignIn?: AfterSignIn }) {
  const form = await readForm(request);
  if (form.get(HONEYPOT_FIELD)) return formFailure(BAD_REQUEST, { status: 400 });
  if (form.has("provider")) {
    // 카카오 로그인 / 네이버 로그인: only a provider the operator set up, never at the admin door.
    const provider = adminOnly ? null : offeredProvider(form.get("provider"));
    if (!provider) return formFailure(BAD_REQUEST, { status: 400 });
    const retryAfter = await addressLimited(request, "login");
    if (retryAfter) return refused(TOO_MANY, retryAfter, carried(form));
    return redirectToProvider(request, provider, "login", { redirectTo: form.get("redirectTo") });
  }
  const checked = validateForm(form, credentialsSchema);
  // What the page shows again: the address and where to go, never the password.
  const typed = { email: String(checked.values.email ?? ""), ...carried(form) };
  if (!checked.ok) return formFailure(`로그인 실패: ${checked.message}`, { values: typed, errors: checked.errors });
  const { email, password } = checked.data;

  const retryAfter = await addressLimited(request, "login");
  if (retryAfter) return refused(TOO_MANY, retryAfter, typed);
  // The slot is taken before the password is checked (login-limits.server.ts).
  const slot = await takeLoginSlot(email, clientAddress(request));
  if (slot.refused) return refused(slot.reason === "account-ceiling" ? CEILING_REACHED : TOO_MANY, slot.retryAfterSeconds, typed);

  const response = await auth().api.signInEmail({ body: { email, password }, headers: request.headers, asResponse: true });
  if (!response.ok) {
    if (slot.accountFailures >= ACCOUNT_HOT_FAILURES) {
      if (slot.accountFailures === ACCOUNT_HOT_FAILURES) log.warn("many failed logins for one account", { request });
      // The owner hears of it (at most once an hour); the mail leaves after this answer.
      await notifyRepeatedLoginFailures(email);
    }
    return formFailure(LOGIN_FAILED, { status: 401, values: typed });
  }
  await slot.succeeded();

  const [row] = await db().select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email));
  const isAdmin = row?.role === "admin";
  if (adminOnly && !isAdmin) {
    // Do not hand the session to a non-admin who used the admin door; the new session is dropped.
    await auth()
      .api.signOut({ headers: sessionHeaders(response) })
      .catch(() => {});
    return formFailure("로그인 실패: 관리자 계정이 아닙니다.", { status: 403, values: typed });
  }
  const done = row && !adminOnly && afterSignIn ? await afterSignIn(row.id, form) : "";
  const fallback = isAdmin ? "/admin" : "/add";
  const to = adminOnly ? "/admin" : safeRedirectPath(form.get("redirectTo"), fallback);
  return signedInRedirect(to, `로그인 성공!${done}`, response.headers.getSetCookie());
}

export async function signUpAction(request: Request, { afterSignIn }: { afterSignIn?: AfterSignIn } = {}) {
  const form = await readForm(request);
  if (form.get(HONEYPOT_FIELD)) return formFailure(BAD_REQUEST, { status: 400 });
  if (form.has("provider")) return providerSignUp(request, form);
  const checked = validateForm(form, signupSchema);
  const typed = signupTyped(form, checked.values);
  if (!checked.ok) return formFailure(`회원가입 실패: ${checked.message}`, { values: typed, errors: checked.errors });
  const { email, password } = checked.data;
  if (await isCommonPassword(password, email))
    return formFailure(`회원가입 실패: ${COMMON_PASSWORD}`, { values: typed, errors: { password: COMMON_PASSWORD } });

  const retryAfter = await addressLimited(request, "signup");
  if (retryAfter) return refused(TOO_MANY, retryAfter, typed);

  const response = await auth().api.signUpEmail({
    // No name from the address: a display name is chosen on /account (docs/spec/decisions.md 29).
    body: { email, password, name: "" },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    const known = SIGNUP_ERRORS[body.code ?? ""];
    const reason = known?.message ?? "잠시 후 다시 시도해 주세요.";
    return formFailure(`회원가입 실패: ${reason}`, {
      status: response.status === 422 ? 409 : 400,
      values: typed,
      errors: known ? { [known.field]: known.message } : {},
    });
  }
  const created = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { user?: { id?: string } };
  const userId = created.user?.id ?? (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id;
  // Each item agreed to, with its time and the version of its text (docs/decisions/0054). An account whose consents
  // could not be stored is not kept: the sign-up fails as a whole and the person is not signed in.
  try {
    if (!userId) throw new Error("the new account's id was not found");
    await recordConsents(userId, agreedConsents(checked.data));
  } catch (error) {
    log.error("sign-up consents could not be stored; the account is removed", { request, error });
    if (userId) await db().delete(user).where(eq(user.id, userId));
    return formFailure("회원가입 실패: 잠시 후 다시 시도해 주세요.", { status: 500, values: typed });
  }
  let message = "회원가입이 완료되었습니다.";
  if (afterSignIn) message += await afterSignIn(userId, form);
  message += await adminVerificationNotice(request, userId);
  // The page the person came from rides in `redirectTo` too (the sign-up page's loader puts it there); a plain
  // sign-up lands on the directory, never on 상품 등록 (ui-contract, fourth release).
  return signedInRedirect(safeRedirectPath(form.get("redirectTo"), "/list"), message, response.headers.getSetCookie());
}

/** What a refused sign-up shows again: the address, where to go, and the boxes ticked (never the password). */
function signupTyped(form: FormData, values: Record<string, unknown>) {
  const typed: Record<string, string> = { email: String(form.get("email") ?? ""), ...carried(form) };
  for (const field of [CONSENT_ALL_FIELD, ...CONSENT_ITEMS.map((item) => item.field)]) typed[field] = String(values[field] ?? "");
  return typed;
}

/** The sign-up's 카카오 로그인 / 네이버 로그인: the same consents, refused the same way, then off to the provider. */
async function providerSignUp(request: Request, form: FormData) {
  if (!offeredProvider(form.get("provider"))) return formFailure(BAD_REQUEST, { status: 400 });
  const checked = validateForm(form, providerSignupSchema);
  const typed = signupTyped(form, checked.values);
  if (!checked.ok) return formFailure(`회원가입 실패: ${checked.message}`, { values: typed, errors: checked.errors });
  const retryAfter = await addressLimited(request, "signup");
  if (retryAfter) return refused(TOO_MANY, retryAfter, typed);
  return redirectToProvider(request, checked.data.provider, "signup", {
    redirectTo: form.get("redirectTo"),
    consents: agreedConsents(checked.data),
  });
}

/**
 * An ADMIN_EMAILS address gets the link that proves it (until it is used the account is a plain user),
 * and the sign-up says so.
 */
async function adminVerificationNotice(request: Request, userId: string): Promise<string> {
  try {
    const mail = await sendVerificationMail(userId, { adminOnly: true });
    if (mail.sent) return " 관리자 주소 확인 메일을 보냈습니다. 이 브라우저에서 메일의 링크를 열어 확인해 주세요.";
    if (mail.reason === "limited")
      return " 확인 메일을 너무 자주 요청해 지금은 보내지 못했습니다. 잠시 후 내 계정 페이지에서 다시 받아 주세요.";
    return "";
  } catch (error) {
    log.error("admin verification failed", { request, error });
    return "";
  }
}

export async function signOutAction(request: Request) {
  try {
    const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return redirectWithToast("/", { type: "success", message: "로그아웃되었습니다." }, { headers });
  } catch (error) {
    const reason = error instanceof Error && /session/i.test(error.message) ? "로그인 상태가 아닙니다." : "잠시 후 다시 시도해 주세요.";
    return redirectWithToast("/", { type: "error", message: `로그아웃 실패: ${reason}` });
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
