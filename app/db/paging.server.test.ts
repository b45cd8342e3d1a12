import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { searchFields } from "#app/platform/search/korean-search.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { db } from "./client.server.ts";
import { descNullsLast } from "./order.ts";
import { countForPaging } from "./paging.server.ts";
import { wholesalers } from "./schema.ts";

withTestDatabase();

// 1,130 wholesalers: 1,100 in 식품, 30 in 의류.
beforeAll(async () => {
  const rows = Array.from({ length: 1_130 }, (_, i) => {
    const name = `도매처 ${i}`;
    return { name, category: i < 1_100 ? "식품" : "의류", views: i, ...searchFields(name) };
  });
  for (let start = 0; start < rows.length; start += 500)
    await db()
      .insert(wholesalers)
      .values(rows.slice(start, start + 500));
});

const food = eq(wholesalers.category, "식품");
const clothes = eq(wholesalers.category, "의류");

test("without a cap the total is exact", async () => {
  expect(await countForPaging(wholesalers, food, { page: 1, perPage: 40 })).toEqual({ total: 1_100, totalIsCapped: false, pageCount: 28 });
  expect(await countForPaging(wholesalers, undefined, { page: 1, perPage: 40 })).toEqual({
    total: 1_130,
    totalIsCapped: false,
    pageCount: 29,
  });
});

test("under the cap the total is exact, and no matches is one empty page", async () => {
  expect(await countForPaging(wholesalers, clothes, { page: 1, perPage: 40, cap: 1_000 })).toEqual({
    total: 30,
    totalIsCapped: false,
    pageCount: 1,
  });
  expect(await countForPaging(wholesalers, eq(wholesalers.category, "자동차"), { page: 1, perPage: 40, cap: 1_000 })).toEqual({
    total: 0,
    totalIsCapped: false,
    pageCount: 1,
  });
});

test("past the cap the total reads as 'at least 1,000' and the pager can still go on", async () => {
  const first = await countForPaging(wholesalers, food, { page: 1, perPage: 40, cap: 1_000 });
  expect(first).toEqual({ total: 1_000, totalIsCapped: true, pageCount: 26 });
  // Exactly at the cap is not "more than" it.
  expect(await countForPaging(wholesalers, food, { page: 1, perPage: 40, cap: 1_100 })).toEqual({
    total: 1_100,
    totalIsCapped: false,
    pageCount: 28,
  });
});

test("deep pages raise the cap so the next two pages are known to exist, up to the real last page", async () => {
  // Page 25 of 28: pages 26 and 27 must be reachable, so the count goes on to 27 × 40 = 1,080 rows.
  const deep = await countForPaging(wholesalers, food, { page: 25, perPage: 40, cap: 1_000 });
  expect(deep).toEqual({ total: 1_080, totalIsCapped: true, pageCount: 28 });
  // Page 27: the cap would be 29 pages, more than there are, so the real total comes back.
  expect(await countForPaging(wholesalers, food, { page: 27, perPage: 40, cap: 1_000 })).toEqual({
    total: 1_100,
    totalIsCapped: false,
    pageCount: 28,
  });

  // Every page the pager offers from a capped count really has rows.
  for (const page of [1, 25]) {
    const { pageCount, totalIsCapped } = await countForPaging(wholesalers, food, { page, perPage: 40, cap: 1_000 });
    expect(totalIsCapped).toBe(true);
    const lastOffered = Math.min(pageCount, page + 2);
    const rows = await db()
      .select({ id: wholesalers.id })
      .from(wholesalers)
      .where(food)
      .orderBy(descNullsLast(wholesalers.views), descNullsLast(wholesalers.id))
      .limit(40)
      .offset((lastOffered - 1) * 40);
    expect(rows.length, `page ${lastOffered} offered from page ${page}`).toBe(40);
  }
});

test("the newest-first and most-viewed pages are read from their indexes, not by sorting the table", async () => {
  await db().execute(sql`ANALYZE wholesalers`);
  const plan = await db().execute(
    sql`EXPLAIN SELECT id FROM wholesalers ORDER BY ${descNullsLast(wholesalers.views)}, ${descNullsLast(wholesalers.id)} LIMIT 40`,
  );
  const text = plan.rows.map((r) => Object.values(r as object)[0]).join("\n");
  expect(text).toContain("wholesalers_views_idx");
  expect(text).not.toContain("Sort");
});
