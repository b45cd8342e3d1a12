import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { favorites, user, wholesalers } from "#app/db/schema.ts";
import { signInAction } from "#app/features/users/auth-actions.server.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import * as favoritesPage from "#app/routes/account/favorites.tsx";
import * as list from "#app/routes/public/list.tsx";
import * as detail from "#app/routes/public/wholesaler-detail.tsx";
import { LEAK_PATTERN, naughtyStrings, OWN_BAD_INPUTS, sqlInjectionPayloads } from "#tests/corpora.ts";
import { signedUpCookie } from "#tests/factories.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const PASSWORD = "correct-horse-9";
let alice = "";
let bob = "";
let ids: number[] = [];

async function signIn(email: string) {
  const res = asResponse(await signInAction(formRequest("/login", { email, password: PASSWORD }), { adminOnly: false }));
  return cookiesFrom(new Response(null, { headers: res.headers }));
}

beforeAll(async () => {
  alice = await signedUpCookie("alice@example.com");
  bob = await signedUpCookie("bob@example.com");
});

beforeEach(async () => {
  await db().delete(wholesalers);
  ids = [];
  for (let i = 1; i <= 3; i++)
    ids.push(await createWholesaler({ name: `찜 도매 ${i}`, category: "생활", siteUrl: "", contact: "", logoUrl: "", summary: "" }));
});

const save = (cookie: string, fields: Record<string, string>) =>
  caught(() => favoritesPage.action(args(formRequest("/favorites", fields, { cookie }))));
const mine = async (cookie: string, page = 1) => {
  const loaded = (await favoritesPage.loader(args(getRequest(`/favorites?page=${page}`, { cookie })))) as {
    items: { id: number; name: string }[];
    total: number;
    pageCount: number;
  };
  return loaded;
};

test("찜하기 and 찜 해제 change only the signed-in user's own list, newest saved first; another user can neither see nor change it", async () => {
  const first = await save(alice, { intent: "add", id: String(ids[0]), redirectTo: "/list?page=2" });
  expect(first.status).toBe(302);
  expect(first.location).toBe("/list?page=2");
  await db().execute(sql`UPDATE favorites SET created_at = now() - interval '1 minute'`);
  expect((await save(alice, { intent: "add", id: String(ids[2]) })).status).toBe(302);
  // Saving twice is harmless.
  expect((await save(alice, { intent: "add", id: String(ids[2]) })).status).toBe(302);
  expect((await mine(alice)).items.map((item) => item.name)).toEqual(["찜 도매 3", "찜 도매 1"]);

  // Bob sees only his own (empty) list, and his posts cannot remove Alice's favourites, whatever he sends.
  expect((await mine(bob)).items).toEqual([]);
  const attempts: Record<string, string>[] = [
    { intent: "remove", id: String(ids[0]) },
    { intent: "remove", id: String(ids[0]), userId: "alice" },
    {
      intent: "remove",
      id: String(ids[0]),
      user_id: (await db().select({ id: user.id }).from(user).where(eq(user.email, "alice@example.com")))[0]!.id,
    },
  ];
  for (const fields of attempts) {
    expect((await save(bob, { ...fields })).status).toBe(302);
  }
  expect((await mine(alice)).items.map((item) => item.name)).toEqual(["찜 도매 3", "찜 도매 1"]);
  await save(bob, { intent: "add", id: String(ids[1]) });
  expect((await mine(bob)).items.map((item) => item.name)).toEqual(["찜 도매 2"]);
  expect((await mine(alice)).items.map((item) => item.name)).toEqual(["찜 도매 3", "찜 도매 1"]);

  // The list and the detail page show each user's own state; an anonymous visitor has none (null).
  const cards = async (cookie: string) => (await list.loader(args(getRequest("/list", { cookie })))).extras.favorites;
  expect((await cards(alice))?.sort()).toEqual([ids[0], ids[2]].sort());
  expect(await cards(bob)).toEqual([ids[1]]);
  expect(await cards("")).toBeNull();
  const page = async (cookie: string, id: number) =>
    (await detail.loader(args(getRequest(`/wholesaler/${id}`, { cookie, headers: { purpose: "prefetch" } }), { id: String(id) })))
      .favorites;
  expect(await page(alice, ids[0]!)).toEqual([ids[0]]);
  expect(await page(bob, ids[0]!)).toEqual([]);
  expect(await page("", ids[0]!)).toBeNull();

  // 찜 해제.
  await save(alice, { intent: "remove", id: String(ids[2]) });
  expect((await mine(alice)).items.map((item) => item.name)).toEqual(["찜 도매 1"]);
});

test("favourites survive signing out and in again (a new session)", async () => {
  const email = "returning@example.com";
  const firstSession = await signedUpCookie(email);
  await save(firstSession, { intent: "add", id: String(ids[1]) });
  await save(firstSession, { intent: "add", id: String(ids[0]) });
  const secondSession = await signIn(email);
  expect(secondSession).not.toBe(firstSession);
  expect((await mine(secondSession)).items.map((item) => item.id).sort()).toEqual([ids[0], ids[1]].sort());
});

test("anonymous visitors are refused (401 for a write, /login?redirectTo=/favorites for the page); a supplier that does not exist is a Korean 404 and nothing is written", async () => {
  const anonymous = await save("", { intent: "add", id: String(ids[0]) });
  expect(anonymous.status).toBe(401);
  const page = await caught(() => favoritesPage.loader(args(getRequest("/favorites?page=2"))));
  expect(page.status).toBe(302);
  expect(page.location).toBe(`/login?${new URLSearchParams({ redirectTo: "/favorites?page=2" })}`);

  // Refused: back to the page the button sits on, the message as a one-time error message.
  for (const id of ["999999", "0", "-1", "abc", "", "1.5", "99999999999"]) {
    const answer = await save(alice, { intent: "add", id, redirectTo: "/list" });
    expect(answer.location, id).toBe("/list");
    const cookie = cookiesFrom(new Response(null, { headers: answer.headers }));
    expect((await readToast(getRequest("/list", { cookie }))).toast, id).toMatchObject({
      type: "error",
      message: "도매처를 찾을 수 없습니다.",
    });
  }
  expect((await save(alice, { intent: "steal", id: String(ids[0]) })).headers.get("set-cookie")).toContain("flash=");
  expect(await db().select().from(favorites)).toEqual([]);
});

test("favourites go with their supplier and with their user; the list pages with the one pager", async () => {
  const carol = await signedUpCookie("carol@example.com");
  for (let i = 0; i < 45; i++) {
    const id = await createWholesaler({ name: `많은 찜 ${i}`, category: "", siteUrl: "", contact: "", logoUrl: "", summary: "" });
    await save(carol, { intent: "add", id: String(id) });
  }
  const first = await mine(carol);
  expect(first.total).toBe(45);
  expect(first.pageCount).toBe(2);
  expect(first.items[0]?.name).toBe("많은 찜 44");
  expect((await mine(carol, 2)).items).toHaveLength(5);

  await save(carol, { intent: "add", id: String(ids[0]) });
  await db().delete(wholesalers).where(eq(wholesalers.id, ids[0]!));
  expect((await mine(carol)).total).toBe(45);
  await db().delete(user).where(eq(user.email, "carol@example.com"));
  expect(await db().select().from(favorites)).toEqual([]);
});

test("hostile ids and intents in the favourite form: never a 500, never a leak, never someone else's row", {
  timeout: 120_000,
}, async () => {
  const lines = [...new Set([...OWN_BAD_INPUTS, ...sqlInjectionPayloads(), ...naughtyStrings()])];
  for (const line of lines) {
    const answer = await save(bob, { intent: line.length % 2 ? "add" : line, id: line, redirectTo: line });
    expect([302, 413], line).toContain(answer.status);
    if (answer.location) expect(new URL(answer.location, "http://localhost:3000").origin, line).toBe("http://localhost:3000");
    expect(JSON.stringify(answer.data), line).not.toMatch(LEAK_PATTERN);
  }
  const rows = await db().select().from(favorites);
  for (const row of rows) expect(ids).toContain(row.wholesalerId);
});
