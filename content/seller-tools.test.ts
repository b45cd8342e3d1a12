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
