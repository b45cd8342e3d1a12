import { expect, test } from "vitest";
import { accountAction } from "#app/features/users/account-actions.server.ts";
import { signInAction, signUpAction } from "#app/features/users/auth-actions.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import { loader as accountPageLoader } from "#app/routes/account/account.tsx";
import { signupFields } from "#tests/factories.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const PASSWORD = "correct-horse-9";
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const cookieOf = (headers: Headers, previous = "") => cookiesFrom(new Response(null, { headers }), previous);

async function signUp(email: string) {
  const res = asResponse(await signUpAction(formRequest("/signup", signupFields(email, PASSWORD))));
  expect(res.status).toBe(302);
  return cookieOf(res.headers);
}

async function login(email: string, password: string) {
  const res = asResponse(await signInAction(formRequest("/login", { email, password }), { adminOnly: false }));
  return { status: res.status, cookie: cookieOf(res.headers) };
}

const post = (cookie: string, fields: Record<string, string>) => caught(() => accountAction(formRequest("/account", fields, { cookie })));

test("/account shows the e-mail to its owner, never to a shared cache; anonymous visitors go to /login", async () => {
  const cookie = await signUp("owner@example.com");
  const page = asResponse(await accountPageLoader(args(getRequest("/account", { cookie }))));
  expect(page.data).toMatchObject({ email: "owner@example.com", isAdmin: false, adminPending: false });
  expect(page.headers.get("Cache-Control")).toBe("private, no-store");

  const anonymous = await caught(() => accountPageLoader(args(getRequest("/account"))));
  expect(anonymous.status).toBe(302);
  expect(anonymous.location).toBe("/login?redirectTo=%2Faccount");
  expect((await caught(() => accountAction(formRequest("/account", { intent: "delete-account", confirm: "yes" })))).status).toBe(401);
});

test("changing the password needs the current one; afterwards other sessions are over and this browser stays in", async () => {
  const email = "changer@example.com";
  const here = await signUp(email);
  const elsewhere = (await login(email, PASSWORD)).cookie;

  const wrong = await post(here, { intent: "change-password", currentPassword: "not-my-password", newPassword: "brand-new-horse" });
  expect(wrong.status).toBe(400);
  expect(wrong.data).toMatchObject({
    ok: false,
    message: "현재 비밀번호가 올바르지 않습니다.",
    errors: { currentPassword: "현재 비밀번호가 올바르지 않습니다." },
  });
  // Typed passwords are never sent back.
  expect(JSON.stringify(wrong.data)).not.toContain("not-my-password");
  expect(await getUser(getRequest("/", { cookie: elsewhere }))).not.toBeNull();

  const missing = await post(here, { intent: "change-password", currentPassword: "", newPassword: "brand-new-horse" });
  expect(missing.data).toMatchObject({ errors: { currentPassword: "현재 비밀번호를 입력해 주세요." } });
  const short = await post(here, { intent: "change-password", currentPassword: PASSWORD, newPassword: "short" });
  expect(short.data).toMatchObject({ errors: { newPassword: "새 비밀번호는 8자 이상이어야 합니다." } });

  for (const newPassword of ["qwer1234", "qwer!@#$", "tkfkdgo1"]) {
    const common = await post(here, { intent: "change-password", currentPassword: PASSWORD, newPassword });
    expect(common.data, newPassword).toMatchObject({ errors: { newPassword: "너무 흔한 비밀번호입니다. 다른 비밀번호를 정해 주세요." } });
  }

  const changed = await post(here, { intent: "change-password", currentPassword: PASSWORD, newPassword: "brand-new-horse" });
  // A redirect, so the page is drawn by a new request carrying the new session (issue #28 item 8): a page
  // drawn in the same answer would read the old, ended session and send its own user to /login.
  expect(changed.status).toBe(302);
  expect(changed.location).toBe("/account");
  const stillHere = cookieOf(changed.headers, here);
  expect((await readToast(getRequest("/account", { cookie: stillHere }))).toast?.message).toBe("비밀번호가 변경되었습니다.");
  expect(asResponse(await accountPageLoader(args(getRequest("/account", { cookie: stillHere }))))).toMatchObject({ data: { email } });
  expect((await caught(() => accountPageLoader(args(getRequest("/account", { cookie: here }))))).location).toMatch(/^\/login/);
  expect((await getUser(getRequest("/", { cookie: stillHere })))?.email).toBe(email);
  expect(await getUser(getRequest("/", { cookie: elsewhere }))).toBeNull();
  expect((await login(email, PASSWORD)).status).toBe(401);
  expect((await login(email, "brand-new-horse")).status).toBe(302);
});
