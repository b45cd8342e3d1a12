import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { db } from "#app/db/client.server.ts";
import { rateLimits, session, user } from "#app/db/schema.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { auth, getUser, requireAdmin } from "#app/platform/auth/auth.server.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { ACCOUNT_HOT_FAILURES, signInAction, signOutAction, signUpAction } from "./auth-actions.server.ts";
import { promoteToAdmin } from "./users.server.ts";

withTestDatabase();

async function signUp(email: string, password = "correct-horse-9") {
  return asResponse(await signUpAction(formRequest("/signup", { email, password })));
}

test("signup signs the new user in and goes to /add; login and logout work with the same account", async () => {
  const created = await signUp("seller@example.com");
  expect(created.status).toBe(302);
  expect(created.location).toBe("/add");
  const cookie = cookiesFrom(new Response(null, { headers: created.headers }));
  expect((await getUser(getRequest("/", { cookie })))?.email).toBe("seller@example.com");

  const login = asResponse(
    await signInAction(formRequest("/login", { email: "SELLER@example.com", password: "correct-horse-9" }), { adminOnly: false }),
  );
  expect(login.location).toBe("/add");
  const loginCookie = cookiesFrom(new Response(null, { headers: login.headers }));

  const out = asResponse(await signOutAction(formRequest("/logout", {}, { cookie: loginCookie })));
  expect(out.location).toBe("/");
  // The server-side session is gone: replaying the old cookie signs nobody in.
  expect(await getUser(getRequest("/", { cookie: loginCookie }))).toBeNull();
});

test("bad signups get Korean reasons and create nothing", async () => {
  const short = await signUp("short@example.com", "1234567");
  expect(short.status).toBe(400);
  expect(short.data).toMatchObject({ ok: false, error: "회원가입 실패: 비밀번호는 8자 이상이어야 합니다." });

  const malformed = await signUp("not-an-email", "correct-horse-9");
  expect(malformed.status).toBe(400);
  expect((malformed.data as { error: string }).error).toMatch(/^회원가입 실패: /);

  await signUp("dup@example.com");
  const duplicate = await signUp("dup@example.com");
  expect(duplicate.status).toBe(409);
  expect(duplicate.data).toMatchObject({ error: "회원가입 실패: 이미 가입된 이메일입니다." });

  const rows = await db().select().from(user).where(eq(user.email, "short@example.com"));
  expect(rows).toHaveLength(0);
});

test("a wrong password and an unknown address get the same answer", async () => {
  await signUp("known@example.com");
  const wrong = asResponse(
    await signInAction(formRequest("/login", { email: "known@example.com", password: "wrong-password" }), { adminOnly: false }),
  );
  const unknown = asResponse(
    await signInAction(formRequest("/login", { email: "nobody@example.com", password: "wrong-password" }), { adminOnly: false }),
  );
  expect(wrong.status).toBe(401);
  expect(unknown.status).toBe(401);
  expect(wrong.data).toEqual(unknown.data);
  expect(wrong.data).toMatchObject({ error: "로그인 실패: 이메일 또는 비밀번호를 확인해주세요." });
});

test("signup cannot ask for the admin role; an ADMIN_EMAILS sign-up alone does not grant it; promoteToAdmin does", async () => {
  const res = asResponse(
    await signUpAction(formRequest("/signup", { email: "sneaky@example.com", password: "correct-horse-9", role: "admin" })),
  );
  expect(res.status).toBe(302);
  const [sneaky] = await db().select().from(user).where(eq(user.email, "sneaky@example.com"));
  expect(sneaky?.role).toBe("user");

  process.env.ADMIN_EMAILS = "boss@example.com";
  try {
    const boss = asResponse(await signUpAction(formRequest("/signup", { email: "boss@example.com", password: "correct-horse-9" })));
    const cookie = cookiesFrom(new Response(null, { headers: boss.headers }));
    // Listed but not proved: a plain user until the mailed link is opened (users.server.test.ts).
    expect((await caught(() => requireAdmin(getRequest("/admin", { cookie })))).location).toBe("/");
  } finally {
    delete process.env.ADMIN_EMAILS;
  }

  expect(await promoteToAdmin("sneaky@example.com")).toBe(true);
  expect(await promoteToAdmin("missing@example.com")).toBe(false);
});

test("admin pages: anonymous goes to /login, a user is sent home, a direct POST is refused", async () => {
  const anonymous = await caught(() => requireAdmin(getRequest("/admin")));
  expect(anonymous.status).toBe(302);
  expect(anonymous.location).toBe("/login?redirectTo=%2Fadmin");

  const created = await signUp("plain@example.com");
  const cookie = cookiesFrom(new Response(null, { headers: created.headers }));
  const page = await caught(() => requireAdmin(getRequest("/admin", { cookie })));
  expect(page.location).toBe("/");
  const post = await caught(() => requireAdmin(formRequest("/admin", {}, { cookie })));
  expect(post.status).toBe(403);
  const anonymousPost = await caught(() => requireAdmin(formRequest("/admin", {})));
  expect(anonymousPost.status).toBe(401);
});

test("admin pages: a failure while checking the session goes home with 오류가 발생했습니다. (a write gets 500)", async () => {
  const getSession = vi.spyOn(auth().api, "getSession").mockRejectedValue(new Error("connection refused"));
  const quiet = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    const page = await caught(() => requireAdmin(getRequest("/admin")));
    expect(page.status).toBe(302);
    expect(page.location).toBe("/");
    const { toast } = await readToast(getRequest("/", { cookie: cookiesFrom(new Response(null, { headers: page.headers })) }));
    expect(toast).toMatchObject({ type: "error", message: "오류가 발생했습니다." });

    const post = await caught(() => requireAdmin(formRequest("/admin", {})));
    expect(post.status).toBe(500);
  } finally {
    getSession.mockRestore();
    quiet.mockRestore();
  }
});

test("admin login refuses a non-admin account and hands out no session", async () => {
  await signUp("notadmin@example.com");
  const [row] = await db().select().from(user).where(eq(user.email, "notadmin@example.com"));
  const before = await db().select().from(session).where(eq(session.userId, row!.id));
  const res = asResponse(
    await signInAction(formRequest("/admin-login", { email: "notadmin@example.com", password: "correct-horse-9" }), { adminOnly: true }),
  );
  expect(res.status).toBe(403);
  expect(res.headers.getSetCookie()).toHaveLength(0);
  const after = await db().select().from(session).where(eq(session.userId, row!.id));
  expect(after.length).toBe(before.length);
});

test("login follows redirectTo only within this site", async () => {
  await signUp("redirect@example.com");
  const login = (redirectTo: string) =>
    signInAction(formRequest("/login", { email: "redirect@example.com", password: "correct-horse-9", redirectTo }), {
      adminOnly: false,
    }).then(asResponse);
  expect((await login("/edit/3?x=1")).location).toBe("/edit/3?x=1");
  for (const evil of ["//evil.com", "https://evil.com", "/\\evil.com", "/\t/evil.com", "/%2F%2Fevil.com"]) {
    expect((await login(evil)).location).toBe("/add");
  }
});

test("a filled honeypot is refused", async () => {
  const res = asResponse(
    await signUpAction(formRequest("/signup", { email: "bot@example.com", password: "correct-horse-9", nickname_confirm: "x" })),
  );
  expect(res.status).toBe(400);
});

test("login attempts are limited per client address; a forged X-Forwarded-For does not reset it", async () => {
  process.env.AUTH_RATE_LIMIT = "3";
  try {
    const attempt = (headers: Record<string, string> = {}) =>
      signInAction(formRequest("/login", { email: "limit@example.com", password: "wrong-password" }, { ip: "10.9.9.9", headers }), {
        adminOnly: false,
      }).then(asResponse);
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);
    expect((await attempt({ "x-forwarded-for": "1.2.3.4" })).status).toBe(429);
  } finally {
    process.env.AUTH_RATE_LIMIT = "0";
  }
});

test("nobody can lock an owner out: 120 wrong passwords from many addresses, and the owner still signs in from theirs", {
  timeout: 120_000,
}, async () => {
  await signUp("victim@example.com");
  const attempt = (password: string, ip: string) =>
    signInAction(formRequest("/login", { email: "victim@example.com", password }, { ip }), { adminOnly: false }).then(asResponse);
  const statuses: number[] = [];
  // A guesser rotating addresses: each address gets refused for this account once the account is hot.
  for (let i = 0; i < 120; i++) statuses.push((await attempt(`guess-${i}`, `198.51.100.${i % 6}`)).status);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_HOT_FAILURES + 6);
  expect(statuses.slice(-10).every((s) => s === 429)).toBe(true);
  // A failing address stays refused for this account, even with the right password...
  expect((await attempt("correct-horse-9", "198.51.100.1")).status).toBe(429);
  // ...but the owner, from an address that has not been failing, gets in.
  const owner = await attempt("correct-horse-9", "203.0.113.50");
  expect(owner.status).toBe(302);
  expect(owner.location).toBe("/add");
  // And was told by mail when the account turned hot (once: the notice window is kept in rate_limits).
  const [victim] = await db().select({ id: user.id }).from(user).where(eq(user.email, "victim@example.com"));
  const notices = await db()
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, `mail:login-failures:${victim!.id}`));
  expect(notices.map((row) => row.count)).toEqual([1]);
});

test("one address is refused for one account after 10 failures, whatever it sends next; other accounts are untouched", async () => {
  await signUp("pair@example.com");
  await signUp("neighbour@example.com");
  const attempt = (email: string, password: string) =>
    signInAction(formRequest("/login", { email, password }, { ip: "192.0.2.77" }), { adminOnly: false }).then(asResponse);
  for (let i = 0; i < 10; i++) expect((await attempt("pair@example.com", `wrong-${i}`)).status).toBe(401);
  const refused = await attempt("pair@example.com", "correct-horse-9");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect((await attempt("neighbour@example.com", "correct-horse-9")).status).toBe(302);
});
