import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import {
  createWholesaler,
  listWholesalers,
  publishWholesaler,
  searchDirectory,
  suggestWholesalerName,
} from "#app/features/wholesalers/wholesalers.server.ts";
import * as list from "#app/routes/public/list.tsx";
import { getRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

const base = { category: "", siteUrl: "", contact: "", logoUrl: "", summary: "" };
const loadList = (search: string) => list.loader({ request: getRequest(`/list${search}`), params: {}, context: {} } as never);

beforeEach(async () => {
  await db().delete(wholesalers);
  await createWholesaler({ ...base, name: "도매꾹", siteUrl: "https://domeggook.com/", summary: "국내 대표 온라인 도매 시장입니다." });
  await createWholesaler({ ...base, name: "신상마켓", category: "의류", summary: "동대문 도매 의류를 앱으로 주문합니다." });
  await createWholesaler({ ...base, name: "심플로", summary: "의류 신상품을 꾸준히 올리는 패션 도매몰" });
  await createWholesaler({ ...base, name: "도매매", summary: "배송 대행 위탁판매 서비스" });
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

test("a seller's word for a category finds its suppliers after the name matches and offers the category (issue 37)", async () => {
  await createWholesaler({ ...base, name: "옷가게", category: "생활", summary: "생활 잡화" });
  await createWholesaler({ ...base, name: "뷰티몰", category: "헬스케어/뷰티", summary: "국내 브랜드 모음" });
  await createWholesaler({ ...base, name: "전자랜드", category: "디지털/가전", summary: "소형 전자 제품" });
  await createWholesaler({ ...base, name: "숨은옷장", category: "의류", summary: "검토 중" });
  await db().update(wholesalers).set({ status: "review" }).where(sqlName("숨은옷장"));
  const search = async (q: string, more: { page?: number; pageSize?: number } = {}) => {
    const found = await searchDirectory({ q, ...more });
    return { names: found.items.map((item) => item.name), total: found.total, category: found.category, pageCount: found.pageCount };
  };
  // 옷: the name that holds it first, then the 의류 suppliers the text did not match (never a waiting one).
  expect(await search("옷")).toEqual({ names: ["옷가게", "신상마켓"], total: 2, category: "의류", pageCount: 1 });
  expect(await search("여성의류")).toMatchObject({ names: ["신상마켓"], category: "의류" });
  expect(await search("여성의류 도매")).toMatchObject({ names: ["신상마켓"], category: "의류" });
  expect(await search("화장품")).toMatchObject({ names: ["뷰티몰"], category: "헬스케어/뷰티" });
  expect(await search("가전")).toMatchObject({ names: ["전자랜드"], category: "디지털/가전" });
  expect(await search("없는말")).toMatchObject({ names: [], category: null });
  // Pages run on from the matches into the category: one a page.
  expect(await search("옷", { pageSize: 1 })).toMatchObject({ names: ["옷가게"], total: 2, pageCount: 2 });
  expect(await search("옷", { pageSize: 1, page: 2 })).toMatchObject({ names: ["신상마켓"], total: 2, pageCount: 2 });
  expect(await search("옷", { pageSize: 1, page: 3 })).toMatchObject({ names: [] });
  // A chip of another category keeps only what is in it; the filters apply to both parts.
  expect((await searchDirectory({ q: "옷", category: "생활" })).items.map((item) => item.name)).toEqual(["옷가게"]);
  expect((await searchDirectory({ q: "옷", facts: ["dropshipping"] })).items).toEqual([]);
  // The page offers `의류 도매처 보기`, except on that category's own list.
  const page = await loadList(`?q=${encodeURIComponent("옷")}`);
  expect(page.wordCategory).toEqual({ name: "의류", href: `/list?category=${encodeURIComponent("의류")}` });
  expect((await loadList(`?q=${encodeURIComponent("옷")}&category=${encodeURIComponent("의류")}`)).wordCategory).toBeNull();
  // The word alone is not a list of its own: listWholesalers without the word's category reads the text only.
  expect((await listWholesalers({ q: "옷" })).items.map((item) => item.name)).toEqual(["옷가게"]);
});

test("a search typed with the 한/영 key on English is read as the Korean it meant, only when it finds nothing as typed", async () => {
  const slip = await searchDirectory({ q: "tlstkd" });
  expect(slip.readAs).toBe("신상");
  expect(slip.items.map((item) => item.name).sort()).toEqual(["신상마켓", "심플로"]);
  const page = await loadList("?q=tlstkd");
  expect(page.readAs).toEqual({ text: "신상", particle: "으로" });
  expect(page.q).toBe("tlstkd");
  // A word that finds something as typed stays as typed (the host domeggook.com); nothing meant by a slip: nothing.
  expect(await searchDirectory({ q: "domeggook" })).toMatchObject({ readAs: null, total: 1 });
  expect(await searchDirectory({ q: "ehaoRnr" })).toMatchObject({ readAs: "도매꾹", total: 1 });
  expect(await searchDirectory({ q: "xkqnl" })).toMatchObject({ readAs: null, total: 0 });
  // A slip of a seller's word: its category too.
  expect(await searchDirectory({ q: "dht" })).toMatchObject({ readAs: "옷", category: "의류", total: 1 });
});

test("the suggestion ranks by the letters' parts (자모): 도매꿀 and 도매 꾹 suggest 도매꾹, though 도매매 is more viewed", async () => {
  await db().update(wholesalers).set({ views: 500 }).where(sqlName("도매매"));
  expect(await suggestWholesalerName("도매꿀")).toBe("도매꾹");
  expect(await suggestWholesalerName("도매 꾹")).toBe("도매꾹");
  expect((await loadList(`?q=${encodeURIComponent("도매 꾹")}`)).suggestion).toMatchObject({ name: "도매꾹", particle: "을" });
  // Equally near by letters (one syllable each): the more viewed.
  expect(await suggestWholesalerName("도매마")).toBe("도매매");
});

function sqlName(name: string) {
  return eq(wholesalers.name, name);
}
