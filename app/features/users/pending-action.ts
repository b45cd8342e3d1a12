/**
 * What a signed-out visitor was doing when they were sent to sign in (docs/decisions/0028). A 찜하기
 * pressed while signed out leads to `/login?redirectTo=<page>&afterSignIn=favorite:<id>`; the login and sign-up
 * forms carry `afterSignIn` along and their POST, once the person is signed in, saves the favourite and goes
 * back to the page. No GET changes anything: the link only names the intent, the form's POST carries it out.
 * No server code here: the pages and the favourite button use it too.
 */
export const PENDING_ACTION_FIELD = "afterSignIn";

export type PendingAction = { kind: "favorite"; wholesalerId: number };

const MAX_ID = 2_147_483_647;

export function pendingActionValue(action: PendingAction): string {
  return `${action.kind}:${action.wholesalerId}`;
}

/** The intent a form or an address carries, or null for anything else (only the known shapes pass). */
export function parsePendingAction(value: unknown): PendingAction | null {
  if (typeof value !== "string") return null;
  const match = /^favorite:([1-9]\d{0,9})$/.exec(value);
  const id = Number(match?.[1]);
  return match && id <= MAX_ID ? { kind: "favorite", wholesalerId: id } : null;
}

/** What the login or sign-up page says it will do once the person is signed in. */
export function pendingActionNotice(action: PendingAction, page: "login" | "signup"): string {
  const when = page === "login" ? "로그인하면" : "가입하면";
  const what: Record<PendingAction["kind"], string> = { favorite: "누르신 도매처가 찜 목록에 저장됩니다." };
  return `${when} ${what[action.kind]}`;
}

/** `/login` or `/signup` with the page to return to and the intent to finish, when there are any. */
export function signInHref(
  path: "/login" | "/signup",
  { redirectTo, afterSignIn }: { redirectTo?: string | null; afterSignIn?: string | null } = {},
) {
  const params = new URLSearchParams();
  if (redirectTo) params.set("redirectTo", redirectTo);
  if (afterSignIn) params.set(PENDING_ACTION_FIELD, afterSignIn);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
