import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import * as list from "#app/routes/public/list.tsx";
import { getRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { createWholesaler, listWholesalers, publishWholesaler, suggestWholesalerName } from "./wholesalers.server.ts";

withTestDatabase();

const base = { category: "", siteUrl: "", contact: "", logoUrl: "", summary: "" };
const names = async (q: string) => (await listWholesalers({ q })).items.map((item) => item.name).sort();
const loadList = (search: string) => list.loader({ request: getRequest(`/list${search}`), params: {}, context: {} } as never);

beforeEach(async () => {
  await db().delete(wholesalers);
  await createWholesaler({ ...base, name: "도매꾹", siteUrl: "https://domeggook.com/", summary: "국내 대표 온라인 도매 시장입니다." });
  await createWholesaler({ ...base, name: "신상마켓", category: "의류", summary: "동대문 도매 의류를 앱으로 주문합니다." });
  await createWholesaler({ ...base, name: "심플로", summary: "의류 신상품을 꾸준히 올리는 패션 도매몰" });
  await createWholesaler({ ...base, name: "도매매", summary: "배송 대행 위탁판매 서비스" });
});

test("/list's search reads the summary, the category and the site's host as well as the name", async () => {
  expect(await names("의류")).toEqual(["신상마켓", "심플로"]);
  expect(await names("domeggook")).toEqual(["도매꾹"]);
  expect(await names("대행")).toEqual(["도매매"]);
  expect(await names("패션 도매")).toEqual(["심플로"]);
  expect(await names("도매꾹")).toEqual(["도매꾹"]);
  // 초성 still reads names only; a part across two fields never matches.
  expect(await names("ㄷㅁㄲ")).toEqual(["도매꾹"]);
  expect(await names("다 의류")).toEqual([]);
  // Counting agrees with the page.
  expect((await listWholesalers({ q: "의류" })).total).toBe(2);
  // A summary edited later is searched by its new words (the grams are derived by the database).
  await db().update(wholesalers).set({ summary: "생활용품 전문" });
  expect(await names("의류")).toEqual(["신상마켓"]); // its category is still 의류
  expect(await names("생활용품")).toHaveLength(4);
});

test("a search that finds nothing offers a published name one syllable away, with 을/를 and a link to that search", async () => {
  expect(await suggestWholesalerName("도메꾹")).toBe("도매꾹");
  expect(await suggestWholesalerName("도메매")).toBe("도매매");
  expect(await suggestWholesalerName("전혀다른말")).toBeNull();
  expect(await suggestWholesalerName("ㄷㅁ")).toBeNull();
  const found = await loadList("?q=%EB%8F%84%EB%A9%94%EA%BE%B9");
  expect(found.items).toEqual([]);
  expect(found.suggestion).toEqual({ name: "도매꾹", particle: "을", href: `/list?q=${encodeURIComponent("도매꾹")}` });
  expect(found.emptyTips.join(" ")).toContain("이름과 소개, 카테고리에서 찾습니다");
  expect((await loadList("?q=%EB%8F%84%EB%A9%94%EB%A7%A4")).suggestion).toMatchObject({ name: "도매매", particle: "를" });
  // A result is no place for a suggestion.
  expect((await loadList("?q=%EB%8F%84%EB%A7%A4%EA%BE%B9")).suggestion).toBeNull();
  // A supplier waiting for review is never offered.
  await createWholesaler({ ...base, name: "숨은가게" });
  await db().update(wholesalers).set({ status: "review" }).where(sqlName("숨은가게"));
  expect(await suggestWholesalerName("숨은가계")).toBeNull();
  const [hidden] = await db().select({ id: wholesalers.id }).from(wholesalers).where(sqlName("숨은가게"));
  await publishWholesaler(hidden!.id);
  expect(await suggestWholesalerName("숨은가계")).toBe("숨은가게");
});

function sqlName(name: string) {
  return eq(wholesalers.name, name);
}
