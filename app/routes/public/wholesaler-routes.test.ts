import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { listWholesalerDates } from "#app/features/sitemap/sitemap.server.ts";
import { createWholesaler, foldCountedViews, listWholesalers } from "#app/features/wholesalers/wholesalers.server.ts";
import * as list from "#app/routes/public/list.tsx";
import * as detail from "#app/routes/public/wholesaler-detail.tsx";
import { signedUpAdmin, signedUpCookie } from "#tests/factories.ts";
import { asResponse, caught, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

let adminCookie = "";
let userCookie = "";

beforeAll(async () => {
  adminCookie = (await signedUpAdmin()).cookie;
  userCookie = await signedUpCookie("seller@example.com");
});

beforeEach(async () => {
  await db().delete(wholesalers);
});

const snapshot = () => db().select().from(wholesalers).orderBy(asc(wholesalers.id));
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

/**
 * A multipart upload with its body already encoded: undici's streamed FormData body throws
 * "ReadableStream is already closed" in the background when a reader cancels it (the size limit does).
 */
async function uploadRequest(path: string, fields: Record<string, string | File>, cookie = adminCookie) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const encoded = new Response(form);
  const headers = {
    cookie,
    origin: "http://localhost:3000",
    "x-client-ip": "127.0.0.1",
    "content-type": encoded.headers.get("content-type") ?? "",
  };
  return new Request(`http://localhost:3000${path}`, { method: "POST", body: await encoded.arrayBuffer(), headers });
}

const someone = () =>
  createWholesaler({ name: "도매꾹", category: "패션", siteUrl: "https://domeggook.com/", contact: "", logoUrl: "", summary: "" });

test("every admin action refuses a signed-in non-admin with 403 (and anonymous with 401), changing nothing", async () => {
  const id = await someone();
  const before = await snapshot();
  const fields = { name: "해커", category: "의류", siteUrl: "https://evil.example.com", contact: "", logoUrl: "", summary: "" };
  const simple = {
    ...fields,
    delivery: "택배",
    purchase: "가능",
    international: "불가",
    website: "https://evil.example.com",
    image: "https://evil.example.com/a.png",
  };
  const posts: [string, (cookie: string) => Promise<unknown>][] = [
    ["/admin create", (cookie) => callAction(formRequest("/admin", fields, { cookie }))],
    ["/admin delete", (cookie) => callAction(formRequest("/admin", { intent: "delete", id: String(id) }, { cookie }))],
    ["/admin/add", (cookie) => callAction(formRequest("/admin/add", simple, { cookie }))],
    [
      "/admin/wholesaler delete",
      (cookie) => callAction(formRequest("/admin/wholesaler", { intent: "delete", id: String(id) }, { cookie })),
    ],
    ["/admin/wholesaler-add", (cookie) => callAction(formRequest("/admin/wholesaler-add", fields, { cookie }))],
    ["/admin/wholesaler-edit", (cookie) => callAction(formRequest(`/admin/wholesaler-edit/${id}`, fields, { cookie }))],
    ["/admin/clean-categories", (cookie) => callAction(formRequest("/admin/clean-categories", {}, { cookie }))],
    [
      "/admin/import preview",
      async (cookie) =>
        callAction(
          await uploadRequest("/admin/import", { intent: "preview", file: new File(["name,siteUrl\n가,https://a.com"], "a.csv") }, cookie),
        ),
    ],
    [
      "/admin/import apply",
      async (cookie) =>
        callAction(await uploadRequest("/admin/import", { intent: "apply", content: "name,siteUrl\n가,https://a.com", row: "1" }, cookie)),
    ],
    ["/admin/review publish", (cookie) => callAction(formRequest("/admin/review", { intent: "publish", id: String(id) }, { cookie }))],
    ["/admin/review delete", (cookie) => callAction(formRequest("/admin/review", { intent: "delete", id: String(id) }, { cookie }))],
    [
      "/wholesaler/{id} publish",
      (cookie) => detail.action(args(formRequest(`/wholesaler/${id}`, { intent: "publish" }, { cookie }), { id: String(id) })),
    ],
  ];
  for (const [name, post] of posts) {
    expect((await caught(() => post(userCookie))).status, `${name} as a user`).toBe(403);
    expect((await caught(() => post(""))).status, `${name} anonymously`).toBe(401);
  }
  expect(await snapshot()).toEqual(before);

  // The pages themselves send a non-admin home and an anonymous visitor to /login.
  for (const page of ["/admin", "/admin/add", "/admin/wholesaler", "/admin/clean-categories", "/admin/import", "/admin/review"]) {
    expect((await caught(() => callLoader(getRequest(page, { cookie: userCookie })))).location, page).toBe("/");
    expect((await caught(() => callLoader(getRequest(page)))).location, page).toMatch(/^\/login\?redirectTo=/);
  }
  expect((await caught(() => callLoader(getRequest(`/admin/wholesaler-edit/${id}`, { cookie: userCookie })))).location).toBe("/");
});

test("/admin registers with the admin form, validates on the server and deletes", async () => {
  const bad = asResponse(
    await callAction(
      formRequest(
        "/admin",
        { name: "  ", siteUrl: "javascript:alert(1)", logoUrl: "data:text/html,x", summary: "x".repeat(1001) },
        { cookie: adminCookie },
      ),
    ),
  );
  expect(bad.status).toBe(400);
  expect(bad.data).toMatchObject({
    message: "등록 실패: 이름을 입력해 주세요.",
    errors: {
      name: "이름을 입력해 주세요.",
      siteUrl: "사이트 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.",
      logoUrl: "로고 URL은 http:// 또는 https://로 시작하는 주소여야 합니다.",
      summary: "요약은 1000자 이하로 입력해 주세요.",
    },
  });
  expect(await snapshot()).toEqual([]);

  const ok = asResponse(
    await callAction(
      formRequest(
        "/admin",
        {
          name: " 도매꾹 ",
          category: " 종합 ",
          siteUrl: "domeggook.com",
          contact: "1588",
          logoUrl: "",
          summary: "요약",
          views: "999",
          id: "77",
        },
        { cookie: adminCookie },
      ),
    ),
  );
  expect(ok.status).toBe(302);
  expect(ok.location).toBe("/admin");
  expect(ok.headers.get("set-cookie")).toContain("flash=");
  const [row] = await snapshot();
  expect(row).toMatchObject({ name: "도매꾹", category: "종합", siteUrl: "https://domeggook.com/", siteHost: "domeggook.com", views: 0 });
  expect(row?.id).not.toBe(77);
  const nul = asResponse(
    await callAction(formRequest("/admin", { name: "널\u0000문자", summary: "줄\n바꿈\u0000" }, { cookie: adminCookie })),
  );
  expect(nul.status).toBe(302);
  const [, stored] = await snapshot();
  // The form kit's one rule (as for products): a control character in one line reads as a space.
  expect(stored).toMatchObject({ name: "널 문자", summary: "줄\n바꿈" });
  await db().delete(wholesalers).where(eq(wholesalers.id, stored!.id));

  const page = (await callLoader(getRequest("/admin", { cookie: adminCookie }))) as { items: { id: number }[] };
  expect(page.items.map((w) => w.id)).toEqual([row?.id]);

  // Without confirm=1 (a post before JavaScript, or without it) the server asks and deletes nothing.
  const asked = await caught(() =>
    callAction(formRequest("/admin?page=1", { intent: "delete", id: String(row?.id) }, { cookie: adminCookie })),
  );
  expect(asked.status).toBe(200);
  expect(asked.data).toMatchObject({ ok: false, message: "정말 삭제하시겠습니까?", values: { intent: "delete", id: String(row?.id) } });
  expect(await snapshot()).toHaveLength(1);
  const deleted = asResponse(
    await callAction(formRequest("/admin?page=1", { intent: "delete", id: String(row?.id), confirm: "1" }, { cookie: adminCookie })),
  );
  expect(deleted.location).toBe("/admin?page=1");
  expect(await snapshot()).toEqual([]);
  const again = asResponse(
    await callAction(formRequest("/admin/wholesaler", { intent: "delete", id: String(row?.id), confirm: "1" }, { cookie: adminCookie })),
  );
  expect(again.location).toBe("/admin/wholesaler");
});

test("/admin/wholesaler-add and -edit: one form, add or edit mode, unknown ids back to /admin", async () => {
  const added = asResponse(
    await callAction(
      formRequest(
        "/admin/wholesaler-add",
        { name: "새 도매처", category: "생활", siteUrl: "https://new.example.com" },
        { cookie: adminCookie },
      ),
    ),
  );
  expect(added.location).toBe("/admin");
  const [row] = await snapshot();
  const id = String(row?.id);

  const loaded = (await callLoader(getRequest(`/admin/wholesaler-edit/${id}`, { cookie: adminCookie }))) as {
    values: { name: string };
  };
  expect(loaded.values.name).toBe("새 도매처");
  const edited = asResponse(
    await callAction(
      formRequest(
        `/admin/wholesaler-edit/${id}`,
        { name: "고친 도매처", category: "식품", siteUrl: "http://fixed.example.com" },
        { cookie: adminCookie },
      ),
    ),
  );
  expect(edited.location).toBe("/admin");
  const [after] = await snapshot();
  expect(after).toMatchObject({ name: "고친 도매처", category: "식품", siteUrl: "http://fixed.example.com/", nameChosung: "ㄱㅊ ㄷㅁㅊ" });

  const unknown = await caught(() => callLoader(getRequest("/admin/wholesaler-edit/999999", { cookie: adminCookie })));
  expect(unknown.location).toBe("/admin");
  const unknownPost = asResponse(await callAction(formRequest("/admin/wholesaler-edit/999999", { name: "x" }, { cookie: adminCookie })));
  expect(unknownPost.location).toBe("/admin");
  for (const malformed of ["abc", "0", "-1", "1.5", "99999999999", "1e3"]) {
    expect((await caught(() => callLoader(getRequest(`/admin/wholesaler-edit/${malformed}`, { cookie: adminCookie })))).status).toBe(404);
  }
});

test("/admin/add: every field required, with the contract's messages", async () => {
  const bad = asResponse(await callAction(formRequest("/admin/add", { name: "간편" }, { cookie: adminCookie })));
  expect(bad.status).toBe(400);
  expect(bad.data).toMatchObject({
    message: "등록 중 오류가 발생했습니다.",
    errors: { category: "카테고리를 입력해 주세요.", website: "웹사이트 주소를 입력해 주세요." },
  });
  const fields = {
    name: "간편",
    category: "생활",
    delivery: "택배",
    purchase: "사입 가능",
    international: "불가",
    contact: "02",
    website: "simple.example.com",
    image: "https://simple.example.com/a.png",
  };
  const ok = asResponse(await callAction(formRequest("/admin/add", fields, { cookie: adminCookie })));
  expect(ok.location).toBe("/admin/add");
  const [row] = await snapshot();
  expect(row).toMatchObject({
    name: "간편",
    siteUrl: "https://simple.example.com/",
    logoUrl: "https://simple.example.com/a.png",
    views: 0,
  });
});

test("the detail page counts people once a day, not prefetches, bots or HEAD requests; 20 people at once count 20", async () => {
  const id = String(await someone());
  const view = (headers: Record<string, string> = {}, method = "GET", ip = "203.0.113.1") =>
    detail.loader(
      args(
        new Request(`http://localhost:3000/wholesaler/${id}`, { method, headers: { "user-agent": CHROME, "x-client-ip": ip, ...headers } }),
        { id },
      ),
    );
  // Counted views reach the supplier's row when the fold job runs (every few minutes).
  const views = async () => {
    await foldCountedViews();
    return (await snapshot())[0]?.views;
  };

  const first = await view();
  expect(first.wholesaler).toMatchObject({ name: "도매꾹", views: 0 });
  expect(await views()).toBe(1);
  await view({ "sec-purpose": "prefetch" }, "GET", "203.0.113.2");
  await view({ "sec-purpose": "prefetch;prerender" }, "GET", "203.0.113.3");
  await view({ purpose: "prefetch" }, "GET", "203.0.113.4");
  await view({ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }, "GET", "203.0.113.5");
  await view({ "user-agent": "Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)" }, "GET", "203.0.113.6");
  await view(
    { "user-agent": "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome-Lighthouse" },
    "GET",
    "203.0.113.7",
  );
  await view({ "user-agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" }, "GET", "203.0.113.8");
  await view({}, "HEAD", "203.0.113.9");
  // The same person reloading: still one.
  for (let i = 0; i < 20; i++) await view();
  expect(await views()).toBe(1);

  await Promise.all(Array.from({ length: 20 }, (_, i) => view({}, "GET", `198.51.100.${i}`)));
  expect(await views()).toBe(21);
  // A headless browser without a bot token (automated journeys, previews shown to a person) counts.
  await view({ "user-agent": CHROME.replace("Chrome/", "HeadlessChrome/") }, "GET", "192.0.2.1");
  expect(await views()).toBe(22);

  for (const bad of ["abc", "0", "1.0", "%27", "99999999999"]) {
    const res = await caught(() => detail.loader(args(getRequest(`/wholesaler/${bad}`), { id: bad })));
    expect(res.status).toBe(404);
  }
  expect((await caught(() => detail.loader(args(getRequest("/wholesaler/999999"), { id: "999999" })))).status).toBe(404);

  // Reloading after a form post (e.g. logout) does not count again.
  const reload = detail.shouldRevalidate({ formMethod: "POST", defaultShouldRevalidate: true } as never);
  expect(reload).toBe(false);
});

test("views cannot be bought with made-up session cookies: 500 of them from one address are one view; a signed-in person is one whatever the address", async () => {
  const id = String(await someone());
  const view = (ip: string, cookie?: string) =>
    detail.loader(
      args(
        new Request(`http://localhost:3000/wholesaler/${id}`, {
          headers: { "user-agent": CHROME, "x-client-ip": ip, ...(cookie ? { cookie } : {}) },
        }),
        { id },
      ),
    );
  const views = async () => {
    await foldCountedViews();
    return (await snapshot())[0]?.views;
  };

  for (let i = 0; i < 500; i++) {
    await view("203.0.113.50", `better-auth.session_token=forged-${i}.${"x".repeat(43)}%3D`);
  }
  expect(await views()).toBe(1);
  // The same address without a cookie is the same visitor.
  await view("203.0.113.50");
  expect(await views()).toBe(1);

  // A real session counts as its account, once, from any address.
  await view("198.51.100.70", userCookie);
  await view("198.51.100.71", userCookie);
  expect(await views()).toBe(2);
});

test("/list reads its state from the URL and ignores values it does not know", async () => {
  await createWholesaler({ name: "패션의류몰", category: "의류", siteUrl: "", contact: "", logoUrl: "", summary: "" });
  await createWholesaler({ name: "신선식품", category: "식품", siteUrl: "", contact: "", logoUrl: "", summary: "" });
  const load = (search: string) => list.loader(args(getRequest(`/list${search}`)));
  expect((await load("?q=의류")).items.map((w) => w.name)).toEqual(["패션의류몰"]);
  expect((await load("?category=식품")).items.map((w) => w.name)).toEqual(["신선식품"]);
  const odd = await load("?category=없는분류&sort=hack&page=-3");
  expect(odd).toMatchObject({ category: "", sort: "views", page: 1, total: 2 });
  expect((await load(`?q=${encodeURIComponent("'; DROP TABLE wholesalers; --")}`)).total).toBe(0);
  expect((await load("?page=2")).items).toEqual([]);
  expect((await load("?q=%00%EC%9D%98%EB%A5%98%00")).items.map((w) => w.name)).toEqual(["패션의류몰"]);
});

test("/admin/clean-categories lists each change, then says nothing changed", async () => {
  await someone();
  const first = asResponse(await callAction(formRequest("/admin/clean-categories", {}, { cookie: adminCookie })));
  expect(first.data).toMatchObject({ ok: true, changes: [{ name: "도매꾹", before: "패션", after: "의류" }] });
  const second = asResponse(await callAction(formRequest("/admin/clean-categories", {}, { cookie: adminCookie })));
  expect(second.data).toEqual({ ok: true, changes: [] });
});

type Preview = { stage: "preview"; content: string; plan: { rows: { row: number; status: string; ticked: boolean; reasons: string[] }[] } };

test("/admin/import: a preview row by row, only ticked rows applied, a report; broken files with Korean messages and nothing written", async () => {
  const csv =
    "name,category,siteUrl\n새 도매처,패션의류,new-supplier.co.kr\n,생활,https://noname.example.com\n구인 광고,종합,https://www.saramin.co.kr/zf_user/company-info/view?csn=1\n빼놓을 곳,식품,https://skip-me.co.kr/\n";
  const preview = asResponse(
    await callAction(await uploadRequest("/admin/import", { intent: "preview", file: new File([csv], "list.csv", { type: "text/csv" }) })),
  );
  expect(preview.data).toMatchObject({ stage: "preview", fileName: "list.csv", content: csv });
  const rows = (preview.data as Preview).plan.rows;
  expect(rows.map((r) => [r.row, r.status, r.ticked])).toEqual([
    [1, "추가", true],
    [2, "오류", false],
    [3, "검토 필요", false],
    [4, "추가", true],
  ]);
  expect(rows[2]?.reasons).toEqual(["주소가 도매처 자체 사이트가 아니라 구인구직 사이트(saramin.co.kr)입니다."]);
  expect(await snapshot()).toEqual([]);

  // The operator unticks row 4 and ticks the 검토 필요 row 3 (the form sends one `row` per ticked box).
  const form = new FormData();
  form.set("intent", "apply");
  form.set("content", csv);
  form.set("fileName", "list.csv");
  form.append("row", "1");
  form.append("row", "3");
  form.append("row", "not-a-row");
  const encoded = new Response(form);
  const apply = new Request("http://localhost:3000/admin/import", {
    method: "POST",
    body: await encoded.arrayBuffer(),
    headers: { cookie: adminCookie, origin: "http://localhost:3000", "content-type": encoded.headers.get("content-type") ?? "" },
  });
  const applied = asResponse(await callAction(apply));
  expect(applied.data).toEqual({
    stage: "done",
    fileName: "list.csv",
    report: { total: 4, added: 1, changed: 0, review: 1, skipped: 1, refused: 1 },
  });
  const stored = await snapshot();
  expect(stored.map((w) => [w.name, w.category, w.status])).toEqual([
    ["새 도매처", "의류", "published"],
    ["구인 광고", "종합", "review"],
  ]);

  const broken: [string, File | string, number, RegExp][] = [
    ["not JSON", new File(["{ this is not json"], "list.json"), 400, /^JSON 형식이 올바르지 않습니다/],
    ["wrong columns", new File(["title,url\na,https://a.com\n"], "list.csv"), 400, /^이름\(name\) 열을 찾을 수 없습니다/],
    [
      "duplicate headers",
      new File(["name,name,siteUrl\na,b,https://a.com\n"], "list.csv"),
      400,
      /^CSV 첫 줄에 같은 열 이름\(name\)이 두 번 있습니다/,
    ],
    [
      "binary",
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0xd, 0xff, 0xfe])], "logo.png"),
      400,
      /^CSV 또는 JSON 텍스트 파일이 아닙니다/,
    ],
    ["no file", "", 400, /^가져올 파일을 선택해 주세요/],
  ];
  for (const [name, file, status, message] of broken) {
    const res = asResponse(await callAction(await uploadRequest("/admin/import", { intent: "preview", file })));
    expect(res.status, name).toBe(status);
    expect((res.data as { message: string }).message, name).toMatch(message);
  }

  // Over the upload body limit (8 MiB) and over the file limit (2 MB): 413 with the same Korean message.
  for (const size of [20 * 1024 * 1024, 3 * 1024 * 1024]) {
    const garbage = new Uint8Array(size).map((_, i) => 0x41 + (i % 26));
    const huge = asResponse(
      await callAction(await uploadRequest("/admin/import", { intent: "preview", file: new File([garbage], "big.csv") })),
    );
    expect(huge.status, String(size)).toBe(413);
    expect((huge.data as { message: string }).message).toBe("파일이 너무 큽니다. 2MB 이하의 파일만 가져올 수 있습니다.");
  }
  expect(await snapshot()).toEqual(stored);
});

test("검토 대기: out of /list, search, counts and the sitemap; 404 on its page except for admins; /admin/review publishes and deletes", async () => {
  const shown = await createWholesaler({
    name: "공개 도매처",
    category: "생활",
    siteUrl: "https://public-shop.co.kr/",
    contact: "",
    logoUrl: "",
    summary: "",
  });
  const csv = "name,siteUrl\n대기 도매처,https://blog.naver.com/waiting\n지울 도매처,https://namu.wiki/w/x\n";
  const preview = asResponse(await callAction(await uploadRequest("/admin/import", { intent: "preview", file: new File([csv], "w.csv") })));
  expect((preview.data as Preview).plan.rows.map((r) => r.status)).toEqual(["검토 필요", "검토 필요"]);
  await callAction(await uploadRequest("/admin/import", { intent: "apply", content: csv, row: "1" }));
  const form = new FormData();
  form.set("intent", "apply");
  form.set("content", csv);
  form.append("row", "2");
  const encoded = new Response(form);
  await callAction(
    new Request("http://localhost:3000/admin/import", {
      method: "POST",
      body: await encoded.arrayBuffer(),
      headers: { cookie: adminCookie, "content-type": encoded.headers.get("content-type") ?? "" },
    }),
  );
  const all = await snapshot();
  const waiting = all.find((w) => w.name === "대기 도매처")!;
  const doomed = all.find((w) => w.name === "지울 도매처")!;
  expect([waiting.status, doomed.status]).toEqual(["review", "review"]);

  // Public: absent from the list, the search, the count and the sitemap.
  const publicList = await list.loader(args(getRequest("/list")));
  expect(publicList.items.map((w) => w.name)).toEqual(["공개 도매처"]);
  expect(publicList.total).toBe(1);
  expect((await list.loader(args(getRequest(`/list?q=${encodeURIComponent("대기")}`)))).total).toBe(0);
  expect((await listWholesalerDates(100)).map((r) => r.id)).toEqual([shown]);
  // The detail page: 404 for anonymous visitors and users, the page with `waiting` for an admin; no view counted.
  for (const cookie of ["", userCookie]) {
    const res = await caught(() =>
      detail.loader(
        args(getRequest(`/wholesaler/${waiting.id}`, { cookie, headers: { "user-agent": CHROME } }), { id: String(waiting.id) }),
      ),
    );
    expect(res.status).toBe(404);
  }
  const asAdmin = asResponse(
    await detail.loader(
      args(getRequest(`/wholesaler/${waiting.id}`, { cookie: adminCookie, headers: { "user-agent": CHROME } }), { id: String(waiting.id) }),
    ),
  );
  expect(asAdmin.data).toMatchObject({ waiting: true, wholesaler: { name: "대기 도매처", views: 0 } });

  // /admin/review lists them with the reason and how the address reads now.
  const queue = asResponse(await callLoader(getRequest("/admin/review", { cookie: adminCookie }))).data as {
    total: number;
    items: { name: string; reviewReason: string; addressLabel: string }[];
  };
  expect(queue.total).toBe(2);
  expect(queue.items.find((i) => i.name === "대기 도매처")).toMatchObject({
    reviewReason: "주소가 도매처 자체 사이트가 아니라 블로그·카페·SNS·커뮤니티(blog.naver.com)입니다.",
    addressLabel: "블로그·카페·SNS·커뮤니티(blog.naver.com)",
  });
  // The admin lists still show every supplier.
  expect((await listWholesalers({ includeWaiting: true })).total).toBe(3);

  const published = asResponse(
    await callAction(formRequest("/admin/review", { intent: "publish", id: String(waiting.id) }, { cookie: adminCookie })),
  );
  expect(published.location).toBe("/admin/review");
  const deleted = asResponse(
    await callAction(formRequest("/admin/review", { intent: "delete", id: String(doomed.id), confirm: "1" }, { cookie: adminCookie })),
  );
  expect(deleted.location).toBe("/admin/review");
  const after = await snapshot();
  expect(after.map((w) => [w.name, w.status, w.reviewReason])).toEqual([
    ["공개 도매처", "published", ""],
    ["대기 도매처", "published", ""],
  ]);
  expect((await list.loader(args(getRequest("/list")))).total).toBe(2);
  expect((await caught(() => detail.loader(args(getRequest(`/wholesaler/${waiting.id}`), { id: String(waiting.id) })))).status).toBe(200);
});

test("공개 on the detail page publishes a waiting supplier (admins only)", async () => {
  const csv = "name,siteUrl\n상세 대기,https://www.jobkorea.co.kr/Recruit/Co_Read/C/x\n";
  await callAction(await uploadRequest("/admin/import", { intent: "apply", content: csv, row: "1" }));
  const [row] = await snapshot();
  expect(row?.status).toBe("review");
  const res = asResponse(
    await detail.action(
      args(formRequest(`/wholesaler/${row!.id}`, { intent: "publish" }, { cookie: adminCookie }), { id: String(row!.id) }),
    ),
  );
  expect(res.location).toBe(`/wholesaler/${row!.id}`);
  expect((await snapshot())[0]?.status).toBe("published");
  expect(
    (
      await caught(() =>
        detail.action(args(formRequest(`/wholesaler/${row!.id}`, { intent: "other" }, { cookie: adminCookie }), { id: String(row!.id) })),
      )
    ).status,
  ).toBe(400);
});
