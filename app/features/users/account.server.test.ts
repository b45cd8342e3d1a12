import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { account, products, sellerNotes, session, user } from "#app/db/schema.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import { signupFields } from "#tests/factories.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { accountAction } from "./account-actions.server.ts";
import { signInAction, signUpAction } from "./auth-actions.server.ts";
import { promoteToAdmin } from "./users.server.ts";

withTestDatabase();

const PASSWORD = "correct-horse-9";

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

async function userRow(email: string) {
  const [row] = await db().select().from(user).where(eq(user.email, email));
  return row;
}

test("sign-up stores no name taken from the address", async () => {
  await signUp("local-part@example.com");
  expect((await userRow("local-part@example.com"))?.name).toBe("");
});

test("회원 탈퇴 without the confirmation is refused and deletes nothing", async () => {
  const cookie = await signUp("hesitant@example.com");
  const attempts: Record<string, string>[] = [{ intent: "delete-account" }, { intent: "delete-account", confirm: "no" }];
  for (const fields of attempts) {
    const refused = await post(cookie, fields);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, values: { intent: "delete-account" } });
  }
  expect(await userRow("hesitant@example.com")).toBeTruthy();
  expect(await getUser(getRequest("/", { cookie }))).not.toBeNull();
});

test("회원 탈퇴 deletes the account, its sessions, password and products, keeps its notes without a name, and signs out", async () => {
  const email = "leaving@example.com";
  const cookie = await signUp(email);
  const elsewhere = (await login(email, PASSWORD)).cookie;
  const me = (await userRow(email))!;
  await db().insert(products).values({ name: "떠나는 사람의 상품", createdBy: me.id });
  await promoteToAdmin(email);
  const [note] = await db().insert(sellerNotes).values({ title: "남는 노트", content: "<p>x</p>", authorId: me.id }).returning();
  const other = await signUp("staying@example.com");
  const stayer = (await userRow("staying@example.com"))!;
  await db().insert(products).values({ name: "남는 사람의 상품", createdBy: stayer.id });

  const done = await post(cookie, { intent: "delete-account", confirm: "yes" });
  expect(done.status).toBe(302);
  expect(done.location).toBe("/");
  const { toast } = await readToast(getRequest("/", { cookie: cookieOf(done.headers) }));
  expect(toast?.message).toBe("탈퇴가 완료되었습니다.");
  // This browser's session cookie is cleared.
  expect(done.headers.getSetCookie().some((c) => /session_token=;/.test(c) || /session_token=.*max-age=0/i.test(c))).toBe(true);

  expect(await userRow(email)).toBeUndefined();
  expect(await db().select().from(session).where(eq(session.userId, me.id))).toHaveLength(0);
  expect(await db().select().from(account).where(eq(account.userId, me.id))).toHaveLength(0);
  expect(await db().select().from(products).where(eq(products.createdBy, me.id))).toHaveLength(0);
  expect(await db().select().from(products).where(eq(products.name, "떠나는 사람의 상품"))).toHaveLength(0);
  const [kept] = await db().select().from(sellerNotes).where(eq(sellerNotes.id, note!.id));
  expect(kept).toMatchObject({ title: "남는 노트", authorId: null });

  expect(await getUser(getRequest("/", { cookie }))).toBeNull();
  expect(await getUser(getRequest("/", { cookie: elsewhere }))).toBeNull();
  expect((await login(email, PASSWORD)).status).toBe(401);

  // Someone else's account and products are untouched.
  expect(await getUser(getRequest("/", { cookie: other }))).not.toBeNull();
  expect(await db().select().from(products).where(eq(products.createdBy, stayer.id))).toHaveLength(1);
});

test("an admin chooses a display name (up to 30 characters); an unknown intent is a 400", async () => {
  const email = "named@example.com";
  const cookie = await signUp(email);
  await promoteToAdmin(email);
  const saved = await post(cookie, { intent: "display-name", displayName: "  도매온 운영팀  " });
  expect(saved.location).toBe("/account");
  expect((await readToast(getRequest("/account", { cookie: cookieOf(saved.headers) }))).toast?.message).toBe("표시 이름을 저장했습니다.");
  expect((await userRow(email))?.name).toBe("도매온 운영팀");
  const long = await post(cookie, { intent: "display-name", displayName: "가".repeat(31) });
  expect(long.status).toBe(400);
  expect(long.data).toMatchObject({ errors: { displayName: "표시 이름은 30자 이하로 입력해 주세요." } });
  expect((await post(cookie, { intent: "make-me-admin" })).status).toBe(400);
  expect((await post(cookie, {})).status).toBe(400);
});
