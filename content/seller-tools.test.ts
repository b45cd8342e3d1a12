import { expect, test } from "vitest";
import { policyProgrammes, sellerTools } from "./seller-tools.ts";

test("at least 12 distinct tools, each with every table column filled and an https home page", () => {
  expect(sellerTools.length).toBeGreaterThanOrEqual(12);
  expect(new Set(sellerTools.map((t) => t.name)).size).toBe(sellerTools.length);
  expect(new Set(sellerTools.map((t) => t.url)).size).toBe(sellerTools.length);
  for (const tool of sellerTools) {
    for (const value of [tool.category, tool.name, tool.summary, tool.bestFor, tool.pricing]) expect(value.trim()).not.toBe("");
    expect(new URL(tool.url).protocol).toBe("https:");
  }
  // The issue asks for keyword, trend, competition, margin and advertising tools.
  const categories = new Set(sellerTools.map((t) => t.category));
  for (const needed of ["키워드", "트렌드", "시장·경쟁 분석", "판매 관리·마진", "광고"] as const) expect(categories).toContain(needed);
});

test("the policy cards: public programmes and Naver's own, each linked to its official site", () => {
  expect(policyProgrammes.map((p) => p.title)).toEqual(
    expect.arrayContaining(["소상공인24", "기업마당: 정부 지원사업 통합 검색", "스마트스토어 성장 마일리지와 빠른정산"]),
  );
  for (const programme of policyProgrammes) {
    const url = new URL(programme.url);
    expect(url.protocol).toBe("https:");
    expect(url.hostname).toMatch(/(\.(go|or)\.kr|^www\.sbiz24\.kr|\.naver\.com)$/);
  }
  // 기업마당 is the ministry's portal: the card names the ministry as the agency, not the portal.
  expect(policyProgrammes.find((p) => p.url.includes("bizinfo"))?.agency).toBe("중소벤처기업부");
  expect(policyProgrammes.find((p) => p.url.includes("sbiz24"))?.agency).toContain("중소벤처기업부");
});

test("the Naver card gives 빠른정산's real condition (거래 실적, not 영세·중소 status), with its dated sources", () => {
  const naver = policyProgrammes.find((p) => p.agency === "네이버");
  expect(naver?.summary).toContain("월 거래 20건 이상이 3개월 이어지고 반품률이 20% 미만");
  expect(naver?.summary).not.toMatch(/영세·중소 판매자는 빠른정산/);
  const today = new Date().toISOString().slice(0, 10);
  for (const source of naver?.sources ?? []) {
    expect(source.date <= today).toBe(true);
    expect(new URL(source.url).protocol).toBe("https:");
  }
  expect(naver?.sources?.length).toBeGreaterThanOrEqual(2);
  // Naver cut the search keywords from its ad referrers in 2024: the tools table does not promise them.
  expect(sellerTools.find((t) => t.name === "네이버 애널리틱스")?.summary).not.toContain("검색어");
});
