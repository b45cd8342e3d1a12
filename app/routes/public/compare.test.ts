import { beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { TOO_MANY_MESSAGE } from "#app/features/compare/compare-ids.ts";
import type { CompareColumn } from "#app/features/compare/compare-table.tsx";
import { UNKNOWN_TERMS } from "#app/features/wholesalers/wholesaler-terms.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import * as root from "#app/root.tsx";
import * as compare from "#app/routes/public/compare.tsx";
import { LEAK_PATTERN, naughtyStrings, OWN_BAD_INPUTS, sqlInjectionPayloads } from "#tests/corpora.ts";
import { asResponse, caught, cookiesFrom, formRequest, getRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const base = { category: "식품", siteUrl: "", contact: "", logoUrl: "", summary: "" };
let ids: number[] = [];

beforeEach(async () => {
  await db().delete(wholesalers);
  ids = [];
  for (let i = 1; i <= 5; i++)
    ids.push(await createWholesaler({ ...base, name: `비교 도매 ${i}` }, { terms: { ...UNKNOWN_TERMS, minOrder: i } }));
});

/** One visitor's browser: the cookies each answer sets are sent with the next request. */
function visitor() {
  let jar = "";
  return {
    get cookie() {
      return jar;
    },
    async post(fields: Record<string, string>) {
      // A refusal thrown by the form reader (413 for a body over the page's limit) is an answer too.
      const answer = await caught(() => compare.action(args(formRequest("/compare", fields, { cookie: jar }))));
      jar = cookiesFrom(new Response(null, { headers: answer.headers }), jar);
      return answer;
    },
    async chosen() {
      const loaded = asResponse(await root.loader(args(getRequest("/list", { cookie: jar }))));
      return (loaded.data as { compare: number[] }).compare;
    },
  };
}

test("비교에 추가 / 비교에서 빼기 keep the choice in a cookie (no login), at most four; a fifth is refused with the contract's message", async () => {
  const browser = visitor();
  expect(await browser.chosen()).toEqual([]);
  for (const id of ids.slice(0, 4)) {
    const added = await browser.post({ intent: "add", id: String(id), redirectTo: "/list?category=%EC%8B%9D%ED%92%88" });
    expect(added.status).toBe(302);
    expect(added.location).toBe("/list?category=%EC%8B%9D%ED%92%88");
  }
  expect(await browser.chosen()).toEqual(ids.slice(0, 4));
  // Adding one already chosen changes nothing.
  await browser.post({ intent: "add", id: String(ids[0]), redirectTo: "/list" });
  expect(await browser.chosen()).toEqual(ids.slice(0, 4));

  // Refused: back to the page the button sits on, the message as a one-time error message (one answer, with
  // JavaScript or without).
  const fifth = await browser.post({ intent: "add", id: String(ids[4]), redirectTo: "/wholesaler/1" });
  expect(fifth.location).toBe("/wholesaler/1");
  const { toast } = await readToast(getRequest("/wholesaler/1", { cookie: browser.cookie }));
  expect(toast).toMatchObject({ type: "error", message: TOO_MANY_MESSAGE });
  expect(await browser.chosen()).toEqual(ids.slice(0, 4));

  await browser.post({ intent: "remove", id: String(ids[1]) });
  expect(await browser.chosen()).toEqual([ids[0], ids[2], ids[3]]);
  await browser.post({ intent: "add", id: String(ids[4]), redirectTo: "//evil.example.com" });
  expect(await browser.chosen()).toEqual([ids[0], ids[2], ids[3], ids[4]]);

  // A supplier that does not exist is never added; junk is refused in Korean.
  const missing = await browser.post({ intent: "remove", id: String(ids[4]) });
  expect(missing.location).toBe("/list");
  for (const bad of ["999999", "abc", "-1", "0", "", "1e3"]) {
    const answer = await browser.post({ intent: "add", id: bad, redirectTo: "/list" });
    expect(answer.location, bad).toBe("/list");
    expect(
      (await readToast(getRequest("/list", { cookie: cookiesFrom(new Response(null, { headers: answer.headers })) }))).toast,
    ).toMatchObject({
      type: "error",
      message: "도매처를 찾을 수 없습니다.",
    });
  }
  expect((await browser.post({ intent: "hack", id: String(ids[0]) })).location).toBe("/list");
  expect(await browser.chosen()).toEqual([ids[0], ids[2], ids[3]]);

  await browser.post({ intent: "clear" });
  expect(await browser.chosen()).toEqual([]);

  // Another visitor's choice is their own.
  expect(await visitor().chosen()).toEqual([]);
});

test("a compare cookie that was tampered with is ignored", async () => {
  for (const cookie of ["compare=1.2.3", "compare=%%%", `compare=${"9".repeat(5000)}`, "compare=eyJhIjoxfQ%3D%3D.abc"]) {
    const loaded = asResponse(await root.loader(args(getRequest("/list", { cookie }))));
    expect((loaded.data as { compare: number[] }).compare).toEqual([]);
  }
});

test("/compare shows the chosen suppliers in the order asked for, leaves out unknown ids and ignores junk, floods and duplicates", async () => {
  const load = async (search: string, cookie = "") => caught(() => compare.loader(args(getRequest(`/compare${search}`, { cookie }))));
  const names = async (search: string) => ((await load(search)).data as { columns: { name: string }[] }).columns.map((item) => item.name);

  expect(await names(`?ids=${ids[2]},${ids[0]},${ids[1]}`)).toEqual(["비교 도매 3", "비교 도매 1", "비교 도매 2"]);
  const first = (await load(`?ids=${ids[0]},${ids[1]}`)).data as { columns: CompareColumn[]; favorites: number[] | null; tooMany: boolean };
  expect(first.tooMany).toBe(false);
  expect(first.favorites).toBeNull();
  const column = first.columns[0]!;
  expect(column).toMatchObject({ id: ids[0], name: "비교 도매 1" });
  // Every row of the detail page, in its words: the first release's and the site check's, the terms, 사업자 정보.
  expect(column.sections.map((section) => section.title)).toEqual(["기본 정보", "위탁 조건", "사업자 정보"]);
  const words = Object.fromEntries(column.sections.flatMap((section) => section.rows.map((row) => [row.label, row.value])));
  expect(words).toMatchObject({
    카테고리: "식품",
    "배송 방식": "확인 필요",
    조회수: "0",
    "사이트 상태": "확인 전",
    "마지막 확인": "확인 전",
    "최소 주문 수량": "1개부터",
    "위탁 판매": "확인 필요",
    // Without DATA_GO_KR_KEY: one line instead of the registry rows (spec decision 47).
    "공식 기록": "공식 기록은 아직 확인하지 않았습니다.",
  });
  expect(Object.keys(words)).toHaveLength(8 + 10 + 1);
  expect(words).not.toHaveProperty("국세청 상태");

  // Unknown and duplicate ids are left out; junk, negatives and zero are ignored.
  expect(await names(`?ids=999999,${ids[0]},${ids[0]},abc,-${ids[1]},0,${ids[1]}`)).toEqual(["비교 도매 1", "비교 도매 2"]);
  // More than four: the first four, and the page says at most four.
  const five = (await load(`?ids=${ids.join(",")}`)).data as { columns: unknown[]; tooMany: boolean };
  expect(five.columns).toHaveLength(4);
  expect(five.tooMany).toBe(true);
  // 10,000 ids (and 10,000 copies of one) cost no more than a few.
  const flood = (await load(`?ids=${Array.from({ length: 10_000 }, (_, i) => ids[i % 5]! + i * 100).join(",")}`)).data as {
    columns: unknown[];
  };
  expect(flood.columns.length).toBeLessThanOrEqual(4);
  expect(await names(`?ids=${Array(10_000).fill(ids[3]).join(",")}`)).toEqual(["비교 도매 4"]);
  // Fewer than two: the page shows `비교할 도매처를 2곳 이상 선택해 주세요.` instead of a table.
  expect(await names("?ids=")).toEqual([]);
  expect(await names(`?ids=${ids[0]}`)).toHaveLength(1);

  // Without ids the visitor's own choice (the cookie) is shown at its shareable address.
  const browser = visitor();
  await browser.post({ intent: "add", id: String(ids[3]) });
  await browser.post({ intent: "add", id: String(ids[1]) });
  const redirected = await load("", browser.cookie);
  expect(redirected.status).toBe(302);
  expect(redirected.location).toBe(`/compare?ids=${ids[3]},${ids[1]}`);
  expect((await load("")).status).toBe(200);
});

test("hostile ids in /compare?ids= and in the compare form: never a 500, never a leak", { timeout: 120_000 }, async () => {
  const browser = visitor();
  const lines = [...new Set([...OWN_BAD_INPUTS, ...sqlInjectionPayloads(), ...naughtyStrings()])];
  for (const line of lines) {
    const page = await caught(() => compare.loader(args(getRequest(`/compare?ids=${encodeURIComponent(line)}`))));
    expect(page.status, line).toBe(200);
    const answer = await browser.post({ intent: "add", id: line, redirectTo: line });
    expect([302, 413], line).toContain(answer.status);
    if (answer.location) expect(new URL(answer.location, "http://localhost:3000").origin, line).toBe("http://localhost:3000");
    expect(JSON.stringify(answer.data), line).not.toMatch(LEAK_PATTERN);
  }
  // The corpus holds plain numbers too ("1", "0", "-1"): whatever was added is a real supplier.
  for (const id of await browser.chosen()) expect(ids).toContain(id);
});
