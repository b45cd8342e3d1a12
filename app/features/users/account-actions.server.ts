import { data } from "react-router";
import { alertsEnabled, setAlertsEnabled } from "#app/features/alerts/alerts.server.ts";
import { loadTakenDownReviews } from "#app/features/reviews/review-actions.server.ts";
import { listSavedSearches } from "#app/features/saved-searches/saved-searches.server.ts";
import { formFailure, readForm, validateForm } from "#app/lib/form.server.ts";
import { formatDateTime } from "#app/lib/format.ts";
import { log } from "#app/lib/log.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { getUser, requireUser } from "#app/platform/auth/auth.server.ts";
import { configuredProviders } from "#app/platform/auth/oauth-providers.server.ts";
import { isStandInEmail, PROVIDER_NAMES } from "#app/platform/auth/providers.ts";
import { addressLimited, clientAddress, hitRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import { runInBackground } from "#app/platform/mail/background.server.ts";
import { changePassword, deleteAccount, setDisplayName, signInMethods, signOutCookies } from "./account.server.ts";
import {
  ACCOUNT_INTENTS,
  type AccountIntent,
  addEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  displayNameSchema,
  forgotPasswordSchema,
  LINK_EXPIRED,
  RESET_REQUESTED,
  resetPasswordSchema,
  VERIFY_SIGN_IN_FIRST,
} from "./account-schema.ts";
import { COMMON_PASSWORD, isCommonPassword } from "./common-passwords.server.ts";
import { listConsents, setNewsConsent } from "./consents.server.ts";
import { HONEYPOT_FIELD } from "./honeypot.ts";
import { rememberKnownAddress } from "./login-limits.server.ts";
import { resetPasswordWithToken, sendPasswordReset } from "./password-reset.server.ts";
import { offeredProvider, providerErrorMessage, redirectToProvider } from "./provider-sign-in.server.ts";
import { peekToken } from "./user-tokens.server.ts";
import {
  findUserById,
  isAdminEmail,
  sendAddedEmailMail,
  sendVerificationMail,
  verificationAccount,
  verifyEmailWithToken,
} from "./users.server.ts";

/**
 * Actions and loaders of /forgot-password, /reset-password, /verify-email and /account. Every form is
 * read with `readForm` (8 KB: lib/body-limits.ts) and checked with its schema from account-schema.ts.
 * Better Auth's HTTP handler is not mounted (docs/decisions/0001), but for the providers' return
 * (docs/decisions/0055): these pages are the only door.
 * One answer shape (docs/architecture.md): success redirects with a one-time message; a failure is
 * the form kit's failure, whose `values.intent` tells /account which of its forms failed.
 */

/** Pages for one person, or with a one-time link in their address: no cache keeps them. */
const PRIVATE_NO_STORE = { "Cache-Control": "private, no-store" } as const;

const TOO_MANY = "시도 횟수가 너무 많습니다. 잠시 후 다시 시도해 주세요.";
const BAD_REQUEST = "잘못된 요청입니다.";
const TRY_LATER = "잠시 후 다시 시도해 주세요.";
const ADD_EMAIL_FIRST = "찜 알림을 받으려면 먼저 위의 로그인 정보에서 이메일 주소를 등록하고 확인해 주세요.";
const ADDRESS_TAKEN = "다른 계정이 이미 쓰는 이메일 주소입니다. 그 계정으로 로그인하거나 다른 주소를 입력해 주세요.";

function tooMany(retryAfterSeconds: number, values: Record<string, string> = {}) {
  return formFailure(TOO_MANY, { status: 429, values, headers: { "Retry-After": String(retryAfterSeconds) } });
}

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token");
}

/** The answer of a password field that chose one of the most common passwords. */
function commonPasswordFailure(field: string, values: Record<string, string> = {}) {
  return formFailure(COMMON_PASSWORD, { values, errors: { [field]: COMMON_PASSWORD } });
}

// ---- /forgot-password ----

/**
 * Reset requests one client address may make per hour, whatever addresses it names (issue #28 item 6):
 * one requester cannot make the site mail many mailboxes, nor keep one owner's mails coming.
 */
export const RESET_REQUESTS_PER_CLIENT_PER_HOUR = 10;

/**
 * One answer for every address: the mail (if there is an account) is looked up and sent after the
 * page has answered, so neither the words nor the time taken tell whether the address is registered.
 */
export async function forgotPasswordAction(request: Request) {
  const form = await readForm(request);
  if (form.get(HONEYPOT_FIELD)) return formFailure(BAD_REQUEST, { status: 400 });
  const checked = validateForm(form, forgotPasswordSchema);
  if (!checked.ok) return formFailure(checked.message, { values: checked.values, errors: checked.errors });
  const retryAfter = await addressLimited(request, "forgot-password");
  if (retryAfter) return tooMany(retryAfter, checked.values as Record<string, string>);
  const requester = await hitRateLimit(`forgot-password:client:${clientAddress(request)}`, RESET_REQUESTS_PER_CLIENT_PER_HOUR, 3_600_000);
  if (!requester.allowed) return tooMany(requester.retryAfterSeconds, checked.values as Record<string, string>);
  const { email } = checked.data;
  runInBackground("password reset mail", () => sendPasswordReset(email));
  return redirectWithToast("/forgot-password", { type: "success", message: RESET_REQUESTED });
}

// ---- /reset-password?token=… ----

export async function resetPasswordLoader(request: Request) {
  const valid = Boolean(await peekToken(tokenOf(request), "reset-password"));
  return data({ valid }, { status: valid ? 200 : 400, headers: PRIVATE_NO_STORE });
}

/**
 * The token is read from the page's address (not the body), so a 10 KB token meets the same answer.
 * The address the reset came from becomes one the account's owner uses (login-limits.server.ts): an
 * owner kept out of a new place by the account's failure ceiling gets in again this way.
 */
export async function resetPasswordAction(request: Request) {
  const form = await readForm(request);
  const checked = validateForm(form, resetPasswordSchema);
  // The typed password is never sent back to the page.
  if (!checked.ok) return formFailure(checked.message, { errors: checked.errors });
  if (await isCommonPassword(checked.data.newPassword)) return commonPasswordFailure("newPassword");
  const retryAfter = await addressLimited(request, "reset-password");
  if (retryAfter) return tooMany(retryAfter);
  const changed = await resetPasswordWithToken(tokenOf(request), checked.data.newPassword);
  if (!changed) return formFailure(LINK_EXPIRED, { status: 400 });
  await rememberKnownAddress(changed.email, clientAddress(request));
  const headers = new Headers();
  for (const cookie of await signOutCookies(request)) headers.append("Set-Cookie", cookie);
  return redirectWithToast("/login", { type: "success", message: "비밀번호가 변경되었습니다. 다시 로그인해 주세요." }, { headers });
}

// ---- /verify-email?token=… ----

/**
 * The page names the account the link is for (its address and when it was made) and offers the button
 * only in a browser signed in as that account: whoever signed up with a listed address without owning
 * the mailbox gains nothing when the owner opens the mail (issue #28 item 5).
 */
export async function verifyEmailLoader(request: Request) {
  const account = await verificationAccount(tokenOf(request));
  if (!account) return data({ valid: false as const }, { status: 400, headers: PRIVATE_NO_STORE });
  const signedIn = await getUser(request);
  const url = new URL(request.url);
  return data(
    {
      valid: true as const,
      account: { email: account.email, createdAt: account.createdAt.toISOString() },
      signedInAsAccount: signedIn?.id === account.id,
      signedInAs: signedIn && signedIn.id !== account.id ? signedIn.email : null,
      here: `${url.pathname}${url.search}`,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

/**
 * Proves the address (the button on the page posts here: a link scanner that only opens the link uses
 * nothing up), for the account signed in in this browser only. An ADMIN_EMAILS address becomes an
 * admin now. Pressed anywhere else, the link is not used up.
 */
export async function verifyEmailAction(request: Request) {
  await readForm(request);
  const owner = await peekToken(tokenOf(request), "verify-email");
  if (!owner) return formFailure(LINK_EXPIRED, { status: 400 });
  const signedIn = await getUser(request);
  if (signedIn?.id !== owner) {
    log.warn("email verification refused: not signed in as the account", { request });
    return formFailure(VERIFY_SIGN_IN_FIRST, { status: 403 });
  }
  const result = await verifyEmailWithToken(tokenOf(request), signedIn.id);
  if (!result.ok && result.taken) return formFailure(ADDRESS_TAKEN, { status: 409 });
  if (!result.ok) return formFailure(LINK_EXPIRED, { status: 400 });
  log.info("email verified", { admin: result.admin });
  const message = result.admin ? "이메일 주소를 확인했습니다. 관리자 권한이 적용되었습니다." : "이메일 주소를 확인했습니다.";
  return redirectWithToast(result.admin ? "/admin" : "/account", { type: "success", message });
}

// ---- /account ----

export async function accountLoader(request: Request) {
  const signedIn = await requireUser(request);
  const found = await findUserById(signedIn.id);
  if (!found) throw new Response("로그인이 필요합니다.", { status: 401 });
  const [takenDownReviews, alertsOn, consents, savedSearches, methods] = await Promise.all([
    loadTakenDownReviews(found.id),
    alertsEnabled(found.id),
    listConsents(found.id),
    listSavedSearches(found.id),
    signInMethods(found.id),
  ]);
  const url = new URL(request.url);
  return data(
    {
      // An account 카카오 or 네이버 made without an e-mail has none to show: it is asked to add one (null here).
      email: isStandInEmail(found.email) ? null : found.email,
      displayName: found.name,
      isAdmin: found.role === "admin",
      // A listed address whose owner has not opened the confirmation link yet (docs/spec/decisions.md 30).
      adminPending: found.role !== "admin" && isAdminEmail(found.email),
      // Reviews need a proved address (features/reviews): every account may ask for the link.
      emailVerified: found.emailVerified,
      // 임시 조치된 내 후기, each with its `이의 신청` (features/reviews).
      takenDownReviews,
      // 찜한 도매처 변경 알림 받기 (features/alerts): on by default.
      alertsOn,
      // 동의 내역: each sign-up consent with its time and text version (docs/decisions/0054).
      consents,
      // 저장한 검색 (features/saved-searches), each with its link and `삭제`.
      savedSearches: savedSearches.map(({ id, label, href }) => ({ id, label, href })),
      // 카카오 로그인 / 네이버 로그인 the operator set up, each linked to this account or not (docs/decisions/0055).
      providers: configuredProviders().map((id) => ({ id, name: PROVIDER_NAMES[id], linked: methods.providers.includes(id) })),
      hasPassword: methods.hasPassword,
      // What a provider's return says: linked, or why not (`?error=`); a new account made by a provider.
      providerNotice: providerErrorMessage(url) ?? (url.searchParams.has("linked") ? "간편 로그인을 연결했습니다." : null),
      joined: url.searchParams.has("joined"),
    },
    { headers: PRIVATE_NO_STORE },
  );
}

const PASSWORD_CHANGE_ERRORS: Record<string, { field: "currentPassword" | "newPassword"; message: string }> = {
  INVALID_PASSWORD: { field: "currentPassword", message: "현재 비밀번호가 올바르지 않습니다." },
  PASSWORD_TOO_SHORT: { field: "newPassword", message: "새 비밀번호는 8자 이상이어야 합니다." },
  PASSWORD_TOO_LONG: { field: "newPassword", message: "새 비밀번호는 128자 이하여야 합니다." },
};

/** Attempts per account per hour at the password change (a stolen session must not guess freely). */
const PASSWORD_CHANGES_PER_HOUR = 10;

/**
 * Back to /account with the message. After a password change `cookies` hold this browser's new session:
 * the page is loaded again with it (issue #28 item 8; a page drawn in the same answer would still carry
 * the old, ended session and be sent to /login).
 */
function backToAccount(message: string, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast("/account", { type: "success", message }, { headers });
}

export async function accountAction(request: Request) {
  const signedIn = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent !== "string" || !ACCOUNT_INTENTS.includes(intent as AccountIntent)) return formFailure(BAD_REQUEST, { status: 400 });
  const values = { intent };

  switch (intent as AccountIntent) {
    case "display-name": {
      const checked = validateForm(form, displayNameSchema);
      if (!checked.ok) return formFailure(checked.message, { values: { ...checked.values, ...values }, errors: checked.errors });
      try {
        await setDisplayName(signedIn.id, checked.data.displayName);
      } catch (error) {
        log.error("display name change failed", { request, error });
        return formFailure(TRY_LATER, { values: { ...checked.values, ...values }, status: 500 });
      }
      return backToAccount("표시 이름을 저장했습니다.");
    }

    case "change-password": {
      const checked = validateForm(form, changePasswordSchema);
      if (!checked.ok) return formFailure(checked.message, { values, errors: checked.errors });
      if (await isCommonPassword(checked.data.newPassword, signedIn.email)) return commonPasswordFailure("newPassword", values);
      const attempts = await hitRateLimit(`password-change:${signedIn.id}`, PASSWORD_CHANGES_PER_HOUR, 3_600_000);
      if (!attempts.allowed) return tooMany(attempts.retryAfterSeconds, values);
      const changed = await changePassword(request, checked.data.currentPassword, checked.data.newPassword);
      if (!changed.ok) {
        const known = PASSWORD_CHANGE_ERRORS[changed.code];
        if (!known) log.warn("password change refused", { request, code: changed.code });
        const message = known?.message ?? TRY_LATER;
        return formFailure(message, { values, errors: known ? { [known.field]: message } : {} });
      }
      return backToAccount("비밀번호가 변경되었습니다.", changed.cookies);
    }

    case "delete-account": {
      const checked = validateForm(form, deleteAccountSchema);
      if (!checked.ok) return formFailure(checked.message, { values, errors: checked.errors });
      try {
        // One transaction: on failure nothing is deleted and the person is still signed in.
        await deleteAccount(signedIn.id);
      } catch (error) {
        log.error("account deletion failed", { request, error });
        return formFailure(`탈퇴하지 못했습니다. ${TRY_LATER}`, { values, status: 500 });
      }
      log.info("account deleted", { request });
      const headers = new Headers();
      for (const cookie of await signOutCookies(request)) headers.append("Set-Cookie", cookie);
      return redirectWithToast("/", { type: "success", message: "탈퇴가 완료되었습니다." }, { headers });
    }

    case "alerts": {
      // A checkbox: sent when ticked, absent when not.
      const on = form.get("alerts") === "on";
      // An account without an address (made by 카카오 or 네이버) adds one first: the alerts are mails.
      if (on && isStandInEmail(signedIn.email)) return formFailure(ADD_EMAIL_FIRST, { values, status: 409 });
      await setAlertsEnabled(signedIn.id, on);
      return backToAccount(on ? "찜한 도매처 변경 알림을 받습니다." : "찜한 도매처 변경 알림을 껐습니다.");
    }

    case "news-consent": {
      // The button says which way: `withdraw` (동의 철회) or `agree` (동의하기); anything else changes nothing.
      const choice = form.get("news");
      if (choice !== "withdraw" && choice !== "agree") return formFailure(BAD_REQUEST, { values, status: 400 });
      const at = formatDateTime(await setNewsConsent(signedIn.id, choice === "agree"));
      // 정보통신망법 제50조: the person is told the result of the consent or its withdrawal, with the date.
      return backToAccount(
        choice === "agree" ? `${at}에 새 소식 메일 받기에 동의했습니다.` : `${at}에 새 소식 메일 받기 동의를 철회했습니다.`,
      );
    }

    case "add-email": {
      const checked = validateForm(form, addEmailSchema);
      if (!checked.ok) return formFailure(checked.message, { values: { ...checked.values, ...values }, errors: checked.errors });
      const mail = await sendAddedEmailMail(signedIn.id, checked.data.email);
      const typed = { email: checked.data.email, ...values };
      if (!mail.sent && mail.reason === "limited") return tooMany(mail.retryAfterSeconds, typed);
      if (!mail.sent && mail.reason === "taken")
        return formFailure(ADDRESS_TAKEN, { values: typed, errors: { email: ADDRESS_TAKEN }, status: 409 });
      if (!mail.sent) return formFailure("이미 이메일 주소가 있는 계정입니다.", { values: typed });
      return backToAccount(`${checked.data.email}(으)로 확인 메일을 보냈습니다. 이 브라우저에서 메일의 링크를 24시간 안에 열어 주세요.`);
    }

    case "link-provider": {
      const provider = offeredProvider(form.get("provider"));
      if (!provider) return formFailure(BAD_REQUEST, { values, status: 400 });
      return redirectToProvider(request, provider, "link");
    }

    case "send-verification": {
      // Limited per address inside (users.server.ts), whichever account of that address asks.
      const mail = await sendVerificationMail(signedIn.id);
      if (!mail.sent && mail.reason === "limited") return tooMany(mail.retryAfterSeconds, values);
      if (!mail.sent) return formFailure("이미 확인된 이메일 주소입니다.", { values });
      return backToAccount("확인 메일을 보냈습니다. 이 브라우저에서 메일의 링크를 24시간 안에 열어 주세요.");
    }
  }
}
