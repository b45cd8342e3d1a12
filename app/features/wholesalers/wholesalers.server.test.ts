import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import type { AdminWholesalerInput } from "./wholesaler-schema.ts";
import {
  cleanCategories,
  countWholesalerView,
  createSimpleWholesaler,
  createWholesaler,
  deleteWholesaler,
  foldCountedViews,
  getWholesaler,
  listWholesalers,
  updateWholesaler,
} from "./wholesalers.server.ts";

withTestDatabase();

beforeEach(async () => {
  await db().delete(wholesalers);
});

function make(overrides: Partial<AdminWholesalerInput> = {}) {
  return createWholesaler({ name: "도매처", category: "종합", siteUrl: "", contact: "", logoUrl: "", summary: "", ...overrides });
}

async function setViews(id: number, views: number, createdAt?: Date) {
  await db()
    .update(wholesalers)
    .set({ views, ...(createdAt ? { createdAt } : {}) })
    .where(eq(wholesalers.id, id));
}

const names = (items: { name: string }[]) => items.map((w) => w.name);

test("search finds names by substring, by 초성, by one- and two-syllable words, case-insensitively", async () => {
  await make({ name: "도매꾹", siteUrl: "https://domeggook.com/" });
  await make({ name: "도매매" });
  await make({ name: "패션의류몰", category: "의류" });
  await make({ name: "신선식품마트", category: "식품" });
  await make({ name: "OwnerClan B2B" });
  await make({ name: "100% 도매" });

  expect(names((await listWholesalers({ q: "ㄷㅁㄲ" })).items)).toEqual(["도매꾹"]);
  expect(names((await listWholesalers({ q: "ㄷㅁ", sort: "name" })).items)).toEqual(["100% 도매", "도매꾹", "도매매"]);
  expect(names((await listWholesalers({ q: "의류" })).items)).toEqual(["패션의류몰"]);
  expect(names((await listWholesalers({ q: "식품" })).items)).toEqual(["신선식품마트"]);
  expect(names((await listWholesalers({ q: "꾹" })).items)).toEqual(["도매꾹"]);
  expect(names((await listWholesalers({ q: "  b2b " })).items)).toEqual(["OwnerClan B2B"]);
  expect(names((await listWholesalers({ q: "OWNERCLAN" })).items)).toEqual(["OwnerClan B2B"]);
  // % and _ are plain characters, not wildcards.
  expect(names((await listWholesalers({ q: "100%" })).items)).toEqual(["100% 도매"]);
  expect((await listWholesalers({ q: "_" })).total).toBe(0);
  expect((await listWholesalers({ q: "의류 도매" })).total).toBe(0);
  expect((await listWholesalers({ q: "' OR 1=1 --" })).total).toBe(0);
  // Control characters (NUL cannot even be a PostgreSQL parameter) act as spaces.
  expect(names((await listWholesalers({ q: "도매\u0000꾹" })).items)).toEqual([]);
  expect(names((await listWholesalers({ q: "\u0000꾹\u0007" })).items)).toEqual(["도매꾹"]);
  expect((await listWholesalers({ q: "" })).total).toBe(6);
});

test("category filter, the three sorts and search combine", async () => {
  const a = await make({ name: "가나상회", category: "식품" });
  const b = await make({ name: "다라식품", category: "식품" });
  const c = await make({ name: "마바의류", category: "의류" });
  await setViews(a, 5, new Date("2026-01-03"));
  await setViews(b, 50, new Date("2026-01-01"));
  await setViews(c, 20, new Date("2026-01-02"));

  expect(names((await listWholesalers()).items)).toEqual(["다라식품", "마바의류", "가나상회"]);
  expect(names((await listWholesalers({ sort: "newest" })).items)).toEqual(["가나상회", "마바의류", "다라식품"]);
  expect(names((await listWholesalers({ sort: "name" })).items)).toEqual(["가나상회", "다라식품", "마바의류"]);
  expect(names((await listWholesalers({ category: "식품" })).items)).toEqual(["다라식품", "가나상회"]);
  expect(names((await listWholesalers({ category: "식품", q: "ㄷㄹ" })).items)).toEqual(["다라식품"]);
  expect((await listWholesalers({ category: "자동차" })).total).toBe(0);
});

test("40 to a page, with the total and the page count", async () => {
  for (let i = 0; i < 45; i++) await make({ name: `업체${String(i).padStart(2, "0")}` });
  const first = await listWholesalers({ sort: "name" });
  expect(first.items).toHaveLength(40);
  expect(first.total).toBe(45);
  expect(first.pageCount).toBe(2);
  expect(first.items[0]?.name).toBe("업체00");
  const second = await listWholesalers({ sort: "name", page: 2 });
  expect(names(second.items)).toEqual(["업체40", "업체41", "업체42", "업체43", "업체44"]);
  expect((await listWholesalers({ sort: "name", page: 3 })).items).toEqual([]);
});

test("20 concurrent first views of 20 visitors count exactly 20, once folded into the supplier; unknown ids count nothing", async () => {
  const id = await make({ name: "조회수 테스트" });
  const counted = await Promise.all(Array.from({ length: 20 }, (_, i) => countWholesalerView(id, `visitor-${i}`)));
  expect(counted.every(Boolean)).toBe(true);
  // Counting does not write the supplier's row: the number moves when the fold runs.
  expect((await getWholesaler(id))?.views).toBe(0);
  expect(await foldCountedViews()).toBe(20);
  expect((await getWholesaler(id))?.views).toBe(20);
  expect(await foldCountedViews()).toBe(0);
  expect((await getWholesaler(id))?.views).toBe(20);
  expect(await countWholesalerView(999_999, "visitor-0")).toBe(false);
});

test("folding in batches, and two folds at once, add each counted view exactly once", async () => {
  const a = await make({ name: "접기 가" });
  const b = await make({ name: "접기 나" });
  for (let i = 0; i < 25; i++) await countWholesalerView(a, `a-${i}`);
  for (let i = 0; i < 12; i++) await countWholesalerView(b, `b-${i}`);
  const [first, second] = await Promise.all([foldCountedViews({ batchSize: 4 }), foldCountedViews({ batchSize: 4 })]);
  expect(first + second).toBe(37);
  expect((await getWholesaler(a))?.views).toBe(25);
  expect((await getWholesaler(b))?.views).toBe(12);
});

test("a visitor counts once per supplier per Korean day: 600 reloads move nothing, the next day counts again", async () => {
  const id = await make({ name: "순위 조작 시험" });
  const today = new Date("2026-11-23T03:00:00Z");
  for (let i = 0; i < 600; i++) await countWholesalerView(id, "looping-visitor", today);
  await foldCountedViews();
  expect((await getWholesaler(id))?.views).toBe(1);
  // 15:30 UTC is already the next day in Seoul.
  await countWholesalerView(id, "looping-visitor", new Date("2026-11-23T15:30:00Z"));
  await foldCountedViews();
  expect((await getWholesaler(id))?.views).toBe(2);
});

test("writes store the search fields and the site host; update and delete report unknown ids", async () => {
  const id = await make({ name: "도매꾹", siteUrl: "https://www.Domeggook.com/main", logoUrl: "https://domeggook.com/logo.png" });
  const [row] = await db().select().from(wholesalers).where(eq(wholesalers.id, id));
  expect(row?.siteHost).toBe("domeggook.com");
  expect(row?.nameChosung).toBe("ㄷㅁㄲ");
  expect(row?.searchGrams).toEqual(expect.arrayContaining(["도매", "매꾹", "ㄷㅁ"]));

  expect(
    await updateWholesaler(id, {
      name: "오너클랜",
      category: "종합",
      siteUrl: "https://ownerclan.com/",
      contact: "1588-0000",
      logoUrl: "",
      summary: "요약",
    }),
  ).toBe(true);
  const updated = await getWholesaler(id);
  expect(updated).toMatchObject({ name: "오너클랜", siteUrl: "https://ownerclan.com/", contact: "1588-0000" });
  expect(names((await listWholesalers({ q: "ㅇㄴㅋㄹ" })).items)).toEqual(["오너클랜"]);
  expect((await listWholesalers({ q: "ㄷㅁㄲ" })).total).toBe(0);
  const [host] = await db().select({ siteHost: wholesalers.siteHost }).from(wholesalers).where(eq(wholesalers.id, id));
  expect(host?.siteHost).toBe("ownerclan.com");

  expect(await updateWholesaler(999_999, { name: "x", category: "", siteUrl: "", contact: "", logoUrl: "", summary: "" })).toBe(false);
  expect(await deleteWholesaler(id)).toBe(true);
  expect(await deleteWholesaler(id)).toBe(false);
  expect(await getWholesaler(id)).toBeNull();
});

test("the simple form's record starts with 0 views and stores its website and image as the site and logo", async () => {
  const id = await createSimpleWholesaler({
    name: "간편 도매",
    category: "생활",
    delivery: "택배 배송",
    purchase: "사입 가능",
    international: "국내 전용",
    contact: "02-000-0000",
    website: "https://simple.example.com/",
    image: "https://simple.example.com/logo.png",
  });
  expect(await getWholesaler(id)).toMatchObject({
    views: 0,
    siteUrl: "https://simple.example.com/",
    logoUrl: "https://simple.example.com/logo.png",
    delivery: "택배 배송",
  });
});

test("category cleanup maps every variant in one go and then has nothing left to change", async () => {
  const rows: [string, string][] = [
    ["가나", " 식 품 "],
    ["다라", "패션 의류"],
    ["마바", "FASHION"],
    ["사아", "생활용품"],
    ["자차", "가구/주방"],
    ["카타", "아동/완구"],
    ["파하", "반려/애완"],
    ["거너", "건강/뷰티"],
    ["더러", "기타"],
    ["머버", "수입 잡화점"],
    ["서어", "의류"],
  ];
  for (const [name, category] of rows) await make({ name, category });
  const changes = await cleanCategories();
  expect(changes.map((c) => `${c.name}: ${c.before} → ${c.after}`)).toEqual([
    "가나:  식 품  → 식품",
    "거너: 건강/뷰티 → 헬스케어/뷰티",
    "다라: 패션 의류 → 의류",
    "마바: FASHION → 의류",
    "사아: 생활용품 → 생활",
    "자차: 가구/주방 → 가구/인테리어",
    "카타: 아동/완구 → 유아/완구",
    "파하: 반려/애완 → 반려동물",
  ]);
  const stored = await db().select({ name: wholesalers.name, category: wholesalers.category }).from(wholesalers);
  expect(Object.fromEntries(stored.map((w) => [w.name, w.category]))).toMatchObject({
    더러: "기타",
    머버: "수입 잡화점",
    서어: "의류",
    가나: "식품",
  });
  expect(await cleanCategories()).toEqual([]);
});

test("a cleanup that fails part-way writes nothing", async () => {
  await make({ name: "가", category: "패션" });
  await make({ name: "나", category: "리빙" });
  // A trigger that lets the first row change through and refuses the second stands in for a failure half-way.
  await db().execute(sql`CREATE SEQUENCE cleanup_calls`);
  await db().execute(
    sql`CREATE FUNCTION refuse_living() RETURNS trigger AS $$ BEGIN IF nextval('cleanup_calls') > 1 THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
  );
  await db().execute(sql`CREATE TRIGGER refuse_living BEFORE UPDATE ON wholesalers FOR EACH ROW EXECUTE FUNCTION refuse_living()`);
  try {
    await expect(cleanCategories()).rejects.toThrow();
    const stored = await db().select({ category: wholesalers.category }).from(wholesalers).orderBy(wholesalers.name);
    expect(stored.map((w) => w.category)).toEqual(["패션", "리빙"]);
  } finally {
    await db().execute(sql`DROP TRIGGER refuse_living ON wholesalers`);
    await db().execute(sql`DROP FUNCTION refuse_living()`);
    await db().execute(sql`DROP SEQUENCE cleanup_calls`);
  }
});
