import { asc, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import type { WholesalerTerms } from "#app/db/term-values.ts";
import { factsOfMask, TERM_FACTS } from "#app/db/term-values.ts";
import { listHref } from "#app/features/wholesalers/wholesaler-list-params.ts";
import { TERM_FIELDS, UNKNOWN_TERMS } from "#app/features/wholesalers/wholesaler-terms.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import * as list from "#app/routes/public/list.tsx";
import * as detail from "#app/routes/public/wholesaler-detail.tsx";
import { hasCorpora, LEAK_PATTERN, naughtyStrings, OWN_BAD_INPUTS, sqlInjectionPayloads } from "#tests/corpora.ts";
import { signedUpAdmin } from "#tests/factories.ts";
import { asResponse, caught, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

let adminCookie = "";
beforeAll(async () => {
  adminCookie = (await signedUpAdmin("terms-admin@example.com")).cookie;
});

beforeEach(async () => {
  await db().delete(wholesalers);
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const snapshot = () => db().select().from(wholesalers).orderBy(asc(wholesalers.id));

/** A urlencoded body with repeated fields (the integration checkboxes). */
function post(path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost:3000",
      "x-client-ip": "127.0.0.1",
      cookie: adminCookie,
    },
  });
}

const addPost = (fields: Record<string, string | string[]>) => callAction(post("/admin/wholesaler-add", fields));
const editPost = (id: number, fields: Record<string, string | string[]>) => callAction(post(`/admin/wholesaler-edit/${id}`, fields));
const editValues = async (id: number) =>
  (
    (await callLoader(getRequest(`/admin/wholesaler-edit/${id}`, { cookie: adminCookie }))) as {
      values: Record<string, string | string[]>;
    }
  ).values;
const detailWords = async (id: number) => {
  const { wholesaler } = await detail.loader(
    args(getRequest(`/wholesaler/${id}`, { headers: { "sec-purpose": "prefetch" } }), { id: String(id) }),
  );
  return wholesaler as WholesalerTerms;
};
const termsOf = (row: Record<string, unknown>) => Object.fromEntries(TERM_FIELDS.map((field) => [field, row[field]]));

test("every term round-trips through the admin form: what is saved is what the edit form shows again", async () => {
  const first = {
    name: "조건 도매",
    category: "식품",
    dropshipping: "yes",
    minOrder: "1",
    shippingFee: "0",
    freeShippingOver: "",
    returns: "conditional",
    imageUse: "yes",
    pricePolicy: "free",
    integration: ["excel", "api"],
    businessNumber: "220-81-62517",
    termsCheckedAt: "2026-01-05",
    termsSource: "https://example.com/guide",
  };
  expect(asResponse(await addPost(first)).location).toBe("/admin");
  const [row] = await snapshot();
  const id = row!.id;
  expect(termsOf(row!)).toEqual({
    dropshipping: "yes",
    minOrder: 1,
    minOrderVaries: false,
    shippingFee: 0,
    freeShippingOver: null,
    shippingFeeVaries: false,
    returns: "conditional",
    imageUse: "yes",
    pricePolicy: "free",
    integration: ["api", "excel"],
    businessNumber: "2208162517",
    termsCheckedAt: "2026-01-05",
    termsSource: "https://example.com/guide",
  });
  // The database derives the filters' facts from the stored terms.
  expect(factsOfMask(row!.factMask)).toEqual(["dropshipping", "free-shipping", "image-use", "free-price", "single-unit"]);
  const shown = await editValues(id);
  expect(shown).toMatchObject({ ...first, integration: ["api", "excel"], minOrderVaries: "", shippingFeeVaries: "" });

  // Sending the edit form back unchanged changes nothing.
  expect(asResponse(await editPost(id, shown)).location).toBe("/admin");
  expect(termsOf((await snapshot())[0]!)).toEqual(termsOf(row!));

  // Every term to another value (the date field left as it was: the terms were checked today).
  const second = {
    ...shown,
    dropshipping: "no",
    minOrder: "20",
    shippingFee: "3,000원",
    freeShippingOver: "50,000",
    returns: "no",
    imageUse: "no",
    pricePolicy: "closed",
    integration: ["sender"],
    businessNumber: "1208800767",
    termsSource: "http://example.org/terms",
  };
  await editPost(id, second);
  const [changed] = await snapshot();
  expect(termsOf(changed!)).toEqual({
    dropshipping: "no",
    minOrder: 20,
    minOrderVaries: false,
    shippingFee: 3000,
    freeShippingOver: 50000,
    shippingFeeVaries: false,
    returns: "no",
    imageUse: "no",
    pricePolicy: "closed",
    integration: ["sender"],
    businessNumber: "1208800767",
    termsCheckedAt: seoulDay(),
    termsSource: "http://example.org/terms",
  });
  expect(factsOfMask(changed!.factMask)).toEqual(["free-shipping"]);
  expect(await editValues(id)).toMatchObject({
    minOrder: "20",
    shippingFee: "3000",
    freeShippingOver: "50000",
    businessNumber: "120-88-00767",
    termsCheckedAt: seoulDay(),
  });
  expect(await detailWords(id)).toMatchObject({ dropshipping: "no", minOrder: 20 });

  // The admin sets the date in the same save as a change: their date stands.
  await editPost(id, { ...second, returns: "yes", termsCheckedAt: "2026-02-01" });
  expect((await snapshot())[0]).toMatchObject({ returns: "yes", termsCheckedAt: "2026-02-01" });
  // A save that changes no term leaves the date alone.
  await editPost(id, { ...second, returns: "yes", termsCheckedAt: "2026-02-01", name: "이름만 바꾼 도매" });
  expect((await snapshot())[0]).toMatchObject({ name: "이름만 바꾼 도매", termsCheckedAt: "2026-02-01" });

  // Back to unknown: every term is NULL again (never stored as a yes or a no); a change, so checked today.
  await editPost(id, {
    name: "이름만 바꾼 도매",
    dropshipping: "unknown",
    returns: "unknown",
    imageUse: "unknown",
    pricePolicy: "unknown",
    termsCheckedAt: "2026-02-01",
  });
  const [cleared] = await snapshot();
  expect(termsOf(cleared!)).toEqual({ ...UNKNOWN_TERMS, termsCheckedAt: seoulDay() });
  expect(cleared!.factMask).toBe(0);
  expect(await editValues(id)).toMatchObject({
    dropshipping: "unknown",
    minOrder: "",
    integration: [],
    businessNumber: "",
    termsSource: "",
  });

  // A new supplier with terms and no date: checked today. Without terms: no date.
  await addPost({ name: "오늘 확인", minOrder: "5" });
  await addPost({ name: "조건 없음" });
  const rows = await snapshot();
  expect(rows.find((r) => r.name === "오늘 확인")).toMatchObject({ minOrder: 5, termsCheckedAt: seoulDay() });
  expect(rows.find((r) => r.name === "조건 없음")).toMatchObject({ ...UNKNOWN_TERMS });
  // /admin's own registration form takes the terms too.
  expect(asResponse(await callAction(post("/admin", { name: "관리자 첫 화면", dropshipping: "yes" }))).location).toBe("/admin");
  expect((await snapshot()).find((r) => r.name === "관리자 첫 화면")).toMatchObject({ dropshipping: "yes", termsCheckedAt: seoulDay() });
});

test("bad terms get a Korean message beside their field, a 400, and nothing is written (add or edit)", async () => {
  const id = await createWholesaler(
    { name: "그대로 도매", category: "", siteUrl: "", contact: "", logoUrl: "", summary: "" },
    { terms: { ...UNKNOWN_TERMS, minOrder: 3 } },
  );
  const before = await snapshot();
  const cases: [Record<string, string | string[]>, string, string][] = [
    [{ businessNumber: "123-45-67890" }, "businessNumber", "사업자등록번호가 올바르지 않습니다. 번호를 다시 확인해 주세요."],
    [{ minOrder: "abc" }, "minOrder", "최소 주문 수량은 숫자로 입력해 주세요."],
    [{ shippingFee: "-3000" }, "shippingFee", "배송비는 0원 이상이어야 합니다."],
    [{ minOrder: "0" }, "minOrder", "최소 주문 수량은 1 이상이어야 합니다."],
    [{ termsSource: "ftp://example.com/terms" }, "termsSource", "조건 출처는 http:// 또는 https://로 시작하는 주소여야 합니다."],
    [{ termsSource: "javascript:alert(1)" }, "termsSource", "조건 출처는 http:// 또는 https://로 시작하는 주소여야 합니다."],
    [{ dropshipping: "maybe" }, "dropshipping", "위탁 판매를 목록에 있는 값으로 골라 주세요."],
    [{ returns: "1' OR '1'='1" }, "returns", "단순 변심 반품을 목록에 있는 값으로 골라 주세요."],
    [{ pricePolicy: "FREE" }, "pricePolicy", "가격 정책을 목록에 있는 값으로 골라 주세요."],
    [{ imageUse: "true" }, "imageUse", "상세페이지 이미지 사용을 목록에 있는 값으로 골라 주세요."],
    [{ integration: ["api", "카카오"] }, "integration", "상품 연동을 목록에 있는 값으로 골라 주세요."],
    [{ termsCheckedAt: "어제" }, "termsCheckedAt", "조건 확인일은 2026-11-22 형식의 날짜로 입력해 주세요."],
    [{ freeShippingOver: "99999999999" }, "freeShippingOver", "무료 배송 기준 금액은 10억 원 이하로 입력해 주세요."],
  ];
  for (const [fields, field, message] of cases) {
    for (const send of [
      () => addPost({ name: "새 도매", ...fields }),
      () => editPost(id, { name: "바뀐 이름", minOrder: "7", ...fields }),
    ]) {
      const answer = asResponse(await send());
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect((answer.data as { errors: Record<string, string> }).errors[field], JSON.stringify(fields)).toBe(message);
      expect((answer.data as { message: string }).message).toMatch(/^(등록|수정) 실패: /);
    }
  }
  // Neither a new row nor a half-saved edit (the name and minOrder sent beside the bad field are not saved).
  expect(await snapshot()).toEqual(before);
});

test("hostile text in every term field and in the list's filter parameters: a 4xx or a clean save, never a 500 or a leak", {
  timeout: 240_000,
}, async () => {
  const lines = [...new Set([...OWN_BAD_INPUTS, ...sqlInjectionPayloads(), ...naughtyStrings()])];
  const fields = TERM_FIELDS.filter((field) => field !== "termsCheckedAt");
  const id = await createWholesaler({ name: "말썽 도매", category: "", siteUrl: "", contact: "", logoUrl: "", summary: "" });
  for (const [index, line] of lines.entries()) {
    const field = fields[index % fields.length]!;
    const before = (await snapshot())[0]!;
    const answer = asResponse(await editPost(id, { name: "말썽 도매", [field]: line, termsCheckedAt: "2026-03-03" }));
    expect([302, 400], `${field}: ${line}`).toContain(answer.status);
    expect(JSON.stringify(answer.data ?? ""), line).not.toMatch(LEAK_PATTERN);
    const after = (await snapshot())[0]!;
    if (answer.status === 400) expect(after, line).toEqual(before);
    // The list reads the same text as a filter, a toggle and a category without failing or matching unknowns.
    const q = encodeURIComponent(line);
    const loaded = await caught(() => list.loader(args(getRequest(`/list?filter=${q}&category=${q}&sort=${q}&page=${q}`))));
    expect([200], line).toContain(loaded.status);
    const toggled = await caught(() => list.loader(args(getRequest(`/list?toggle=${q}&current-category=${q}`))));
    expect(toggled.status, line).toBe(302);
  }
  expect(lines.length).toBeGreaterThan(hasCorpora ? 1000 : OWN_BAD_INPUTS.length - 1);
});

/** Suppliers whose terms are unknown, known to be false and known to be true, one of each per filter. */
async function supplierPerFactState() {
  const variants: Record<string, [Partial<WholesalerTerms>, Partial<WholesalerTerms>]> = {
    dropshipping: [{ dropshipping: "no" }, { dropshipping: "yes" }],
    "free-shipping": [{ shippingFee: 2500 }, { shippingFee: 0 }],
    returns: [{ returns: "conditional" }, { returns: "yes" }],
    "image-use": [{ imageUse: "no" }, { imageUse: "yes" }],
    "free-price": [{ pricePolicy: "minimum" }, { pricePolicy: "free" }],
    "single-unit": [{ minOrder: 2 }, { minOrder: 1 }],
  };
  const base = { category: "", siteUrl: "", contact: "", logoUrl: "", summary: "" };
  await createWholesaler({ ...base, name: "모두 모름" }, { terms: UNKNOWN_TERMS });
  for (const [fact, [no, yes]] of Object.entries(variants)) {
    await createWholesaler({ ...base, name: `${fact} 아님` }, { terms: { ...UNKNOWN_TERMS, ...no } });
    await createWholesaler({ ...base, name: `${fact} 맞음` }, { terms: { ...UNKNOWN_TERMS, ...yes } });
  }
  // A free-shipping threshold counts as 무료 배송 even with a fee.
  await createWholesaler(
    { ...base, name: "free-shipping 기준 금액" },
    { terms: { ...UNKNOWN_TERMS, shippingFee: 3000, freeShippingOver: 50000 } },
  );
}

test("each filter matches only suppliers whose term is known to be true: never an unknown one, never a known no", async () => {
  await supplierPerFactState();
  const names = async (search: string) => (await list.loader(args(getRequest(`/list${search}`)))).items.map((item) => item.name).sort();
  // The seventh filter, 사업자 확인, is not a term (features/official-records tests it).
  for (const fact of TERM_FACTS) {
    const expected = fact === "free-shipping" ? ["free-shipping 기준 금액", "free-shipping 맞음"] : [`${fact} 맞음`];
    expect(await names(`?filter=${fact}`), fact).toEqual(expected);
  }
  expect(await names("?filter=dropshipping&filter=returns")).toEqual([]);
  expect((await names("")).length).toBe(14);
  // Direct SQL agrees: no supplier with an unknown term has that fact.
  const leaks = await db().execute(sql`SELECT count(*)::int AS n FROM wholesalers WHERE
    (dropshipping IS NULL AND fact_mask & 1 <> 0) OR (returns IS NULL AND fact_mask & 4 <> 0) OR
    (image_use IS NULL AND fact_mask & 8 <> 0) OR (price_policy IS NULL AND fact_mask & 16 <> 0) OR
    (min_order IS NULL AND fact_mask & 32 <> 0) OR (shipping_fee IS NULL AND free_shipping_over IS NULL AND fact_mask & 2 <> 0)`);
  expect(Number((leaks.rows[0] as { n: number }).n)).toBe(0);
});

test("filters combine with the search, the category chip, each sort and paging, and a reload shows the same page", async () => {
  const base = { siteUrl: "", contact: "", logoUrl: "", summary: "" };
  const good: WholesalerTerms = { ...UNKNOWN_TERMS, dropshipping: "yes", returns: "yes", shippingFee: 0 };
  // 45 that match everything, with distinct views; then one distractor per condition.
  for (let i = 0; i < 45; i++)
    await createWholesaler({ ...base, name: `맞춤도매 ${String(i).padStart(2, "0")}`, category: "식품" }, { terms: good });
  await db().execute(sql`UPDATE wholesalers SET views = (regexp_replace(name, '\\D', '', 'g'))::int * 7 % 45`);
  await createWholesaler({ ...base, name: "맞춤도매 다른분류", category: "의류" }, { terms: good });
  await createWholesaler({ ...base, name: "맞춤도매 반품모름", category: "식품" }, { terms: { ...good, returns: null } });
  await createWholesaler({ ...base, name: "맞춤도매 위탁불가", category: "식품" }, { terms: { ...good, dropshipping: "no" } });
  await createWholesaler({ ...base, name: "다른이름", category: "식품" }, { terms: good });

  const all = await snapshot();
  const matching = all.filter((row) => /^맞춤도매 \d\d$/.test(row.name));
  const byViews = [...matching].sort((a, b) => b.views - a.views || b.id - a.id).map((r) => r.name);
  const byName = [...matching].sort((a, b) => (a.name < b.name ? -1 : 1)).map((r) => r.name);
  const byNewest = [...matching].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((r) => r.name);

  const state = { q: "맞춤", category: "식품", facts: ["dropshipping", "free-shipping", "returns"] as const };
  for (const [sort, expected] of [
    ["views", byViews],
    ["name", byName],
    ["newest", byNewest],
  ] as const) {
    const first = await list.loader(args(getRequest(listHref({ ...state, facts: [...state.facts], sort, page: 1 }))));
    expect(first.total).toBe(45);
    expect(first.pageCount).toBe(2);
    expect(first.items.map((item) => item.name)).toEqual(expected.slice(0, 40));
    const second = await list.loader(args(getRequest(listHref({ ...state, facts: [...state.facts], sort, page: 2 }))));
    expect(second.items.map((item) => item.name)).toEqual(expected.slice(40));
    // What the page's own links (pager, reload, a shared link) lead to is the same state and the same page.
    const again = await list.loader(args(getRequest(listHref(second))));
    expect(again.items).toEqual(second.items);
    expect({ q: again.q, category: again.category, facts: again.facts, sort: again.sort, page: again.page }).toEqual({
      ...state,
      facts: [...state.facts],
      sort,
      page: 2,
    });
  }
  // The cards carry their facts for the small labels.
  const card = (await list.loader(args(getRequest("/list?q=맞춤도매 위탁불가")))).items[0];
  expect(factsOfMask(card?.factMask ?? 0)).toEqual(["free-shipping", "returns"]);

  // Without JavaScript a filter button's GET lands on the clean URL of the new state.
  const toggled = await caught(() =>
    list.loader(
      args(getRequest(`/list?q=맞춤&filter=returns&toggle=dropshipping&current-category=${encodeURIComponent("식품")}&sort=name`)),
    ),
  );
  expect(toggled.status).toBe(302);
  expect(toggled.location).toBe(listHref({ q: "맞춤", category: "식품", facts: ["dropshipping", "returns"], sort: "name" }));
});
