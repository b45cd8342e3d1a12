import { beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { createWholesaler, listWholesalers } from "./wholesalers.server.ts";

withTestDatabase();

const base = { category: "", siteUrl: "", contact: "", logoUrl: "", summary: "" };
const names = async (q: string) => (await listWholesalers({ q })).items.map((item) => item.name).sort();

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
