import { asc } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { seoulDay } from "#app/lib/format.ts";
import { rowsOf } from "#tests/import-files.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { UNKNOWN_TERMS } from "../wholesalers/wholesaler-terms.ts";
import { createWholesaler, saveSupplierTerms } from "../wholesalers/wholesalers.server.ts";
import { applyImport, previewImport } from "./wholesaler-import.server.ts";

withTestDatabase();

beforeEach(async () => {
  await db().delete(wholesalers);
});

const snapshot = () => db().select().from(wholesalers).orderBy(asc(wholesalers.id));

test("the import reads the term columns the contract names (field names or Korean labels), as the admin form does", async () => {
  const csv = [
    "name,category,siteUrl,dropshipping,minOrder,shippingFee,freeShippingOver,returns,imageUse,pricePolicy,integration,businessNumber,termsCheckedAt,termsSource",
    '조건도매,생활,https://joken-domae.kr/,yes,1,3000,50000,conditional,varies,free,"api,excel",220-81-62517,2026-11-01,https://joken-domae.kr/guide',
    "다름도매,생활,https://dareum-domae.kr/,no,,,,varies,no,varies,,,,",
  ].join("\n");
  const korean = [
    "이름,카테고리,사이트 URL,위탁 판매,최소 주문 수량,배송비,단순 변심 반품",
    "한글열도매,식품,https://hangul-domae.kr/,yes,5,0,no",
  ].join("\n");
  const json = JSON.stringify([
    {
      name: "제이슨도매",
      category: "종합",
      siteUrl: "https://json-domae.kr/",
      minOrderVaries: true,
      shippingFeeVaries: "yes",
      integration: ["sender"],
    },
  ]);
  for (const rows of [rowsOf(csv), rowsOf(korean), rowsOf(json, "a.json")]) {
    const { report } = await applyImport(rows, "safe");
    expect(report.refused).toBe(0);
  }
  const byName = Object.fromEntries((await snapshot()).map((row) => [row.name, row]));
  expect(byName.조건도매).toMatchObject({
    dropshipping: "yes",
    minOrder: 1,
    shippingFee: 3000,
    freeShippingOver: 50000,
    returns: "conditional",
    imageUse: "varies",
    pricePolicy: "free",
    integration: ["api", "excel"],
    businessNumber: "2208162517",
    termsCheckedAt: "2026-11-01",
    termsSource: "https://joken-domae.kr/guide",
  });
  // No date in the file: read today, as a save of the admin form.
  expect(byName.다름도매).toMatchObject({
    dropshipping: "no",
    returns: "varies",
    imageUse: "no",
    pricePolicy: "varies",
    termsCheckedAt: seoulDay(),
  });
  expect(byName.한글열도매).toMatchObject({ dropshipping: "yes", minOrder: 5, shippingFee: 0, returns: "no" });
  expect(byName.제이슨도매).toMatchObject({ minOrderVaries: true, shippingFeeVaries: true, integration: ["sender"], dropshipping: null });
});

test("a bad term value is an 오류 row with the admin form's Korean message; nothing of it is saved", async () => {
  const rows = rowsOf(
    "name,siteUrl,dropshipping,minOrder\n나쁜조건,https://bad.example.com/,maybe,\n숫자조건,https://num.example.com/,,0\n",
  );
  const plan = await previewImport(rows);
  expect(plan.rows.map((row) => row.status)).toEqual(["오류", "오류"]);
  expect(plan.rows[0]!.reasons[0]).toMatch(/위탁 판매/);
  expect(plan.rows[1]!.reasons[0]).toMatch(/최소 주문 수량/);
  await applyImport(rows, "all");
  expect(await snapshot()).toEqual([]);
});

test("a known supplier gets the file's terms as 변경 rows (before → after in the contract's words); empty cells keep stored terms", async () => {
  await createWholesaler(
    { name: "기존도매", category: "생활", siteUrl: "https://kizon.example.com/", contact: "", logoUrl: "", summary: "" },
    { terms: { ...UNKNOWN_TERMS, dropshipping: "no", returns: "yes", termsCheckedAt: "2026-01-01" } },
  );
  const rows = rowsOf("name,siteUrl,dropshipping,returns,pricePolicy\n기존도매,https://kizon.example.com/,yes,,varies\n");
  const plan = await previewImport(rows);
  expect(plan.rows[0]!.status).toBe("변경");
  expect(plan.rows[0]!.changes.map(({ label, before, after }) => ({ label, before, after }))).toEqual([
    { label: "위탁 판매", before: "불가", after: "가능" },
    { label: "가격 정책", before: "확인 필요", after: "상품마다 다름" },
  ]);
  await applyImport(rows, "safe");
  const [row] = await snapshot();
  expect(row).toMatchObject({ dropshipping: "yes", returns: "yes", pricePolicy: "varies", termsCheckedAt: seoulDay() });
  // The same file again changes nothing.
  expect((await previewImport(rows)).rows[0]!.status).toBe("중복");
});

test("a category no chip has is shown as a problem with the nearest chip offered, never saved as an orphan category", async () => {
  const rows = rowsOf(
    "name,category,siteUrl\n옷가게도매,여성의류,https://otgage.example.com/\n식품도매,식 품,https://sikpum.example.com/\n",
  );
  const plan = await previewImport(rows);
  const [clothes, food] = plan.rows;
  expect(clothes).toMatchObject({ status: "검토 필요", ticked: false, category: "의류", categoryFrom: "여성의류" });
  expect(clothes!.reasons.join(" ")).toMatch(/카테고리 ‘여성의류’는 목록에 없습니다. 가장 가까운 카테고리는 ‘의류’입니다./);
  expect(food).toMatchObject({ status: "추가", category: "식품" });
  await applyImport(rows, "all");
  const saved = await snapshot();
  expect(saved.map((row) => row.category).sort()).toEqual(["식품", "의류"]);
  expect(saved.find((row) => row.name === "옷가게도매")?.status).toBe("review");
  // A known supplier keeps its category rather than take an orphan one.
  const again = rowsOf("name,category,siteUrl\n식품도매,건강기능성,https://sikpum.example.com/\n");
  const [known] = (await previewImport(again)).rows;
  expect(known!.changes).toEqual([]);
  expect(known!.reasons.join(" ")).toMatch(/카테고리 ‘건강기능성’는 목록에 없습니다.*기존 카테고리를 그대로 둡니다/);
});

test("a 변경 row that would replace curated values (a written 요약, 공급사 제공 terms) is not ticked; each change is its own choice; no default writes them", async () => {
  const base = { category: "생활", contact: "", logoUrl: "" };
  const written = await createWholesaler({ ...base, name: "소개도매", siteUrl: "https://sogae.example.com/", summary: "관리자가 쓴 소개" });
  const supplied = await createWholesaler({ ...base, name: "공급도매", siteUrl: "https://gonggeup.example.com/", summary: "" });
  const { termsCheckedAt: _d, termsSource: _s, ...unknown } = UNKNOWN_TERMS;
  await saveSupplierTerms(
    supplied,
    { summary: "", contact: "02-1234-5678", terms: { ...unknown, dropshipping: "yes", shippingFee: 3000 } },
    { id: null, label: "공급사 운영자" },
  );
  const blank = await createWholesaler({ ...base, name: "빈소개도매", siteUrl: "https://binsogae.example.com/", summary: "" });
  const rows = rowsOf(
    [
      "name,siteUrl,summary,contact,dropshipping,shippingFee",
      "소개도매,https://sogae.example.com/,파일의 소개,02-555-0000,,",
      "공급도매,https://gonggeup.example.com/,파일의 요약,02-999-9999,no,5000",
      "빈소개도매,https://binsogae.example.com/,빈 칸을 채우는 소개,,,",
    ].join("\n"),
  );
  const plan = await previewImport(rows);
  expect(plan.rows.map((row) => [row.status, row.ticked])).toEqual([
    ["변경", false],
    ["변경", false],
    ["변경", true],
  ]);
  const marks = (row: number) => plan.rows[row]!.changes.map((change) => `${change.field}${change.curated ? "*" : ""}`);
  // 요약 written by an admin; every term and the 연락처 of a listing its supplier keeps; an empty 요약 is only filled.
  expect(marks(0)).toEqual(["contact", "summary*"]);
  expect(marks(1)).toEqual(["contact*", "summary", "dropshipping*", "shippingFee*"]);
  expect(marks(2)).toEqual(["summary"]);
  expect(plan.rows[1]!.changes.find((change) => change.field === "dropshipping")).toMatchObject({ before: "가능", after: "불가" });

  const stored = async (id: number) => (await snapshot()).find((row) => row.id === id)!;
  const before = { written: await stored(written), supplied: await stored(supplied) };
  // What the preview ticks by default (and `npm run import:wholesalers -- --apply-safe`): the plain row only.
  expect((await applyImport(rows, "safe")).report).toMatchObject({ changed: 1, skipped: 2 });
  expect(await stored(written)).toMatchObject({ summary: "관리자가 쓴 소개", contact: "" });
  expect(await stored(supplied)).toEqual(before.supplied);
  expect((await stored(blank)).summary).toBe("빈 칸을 채우는 소개");
  // Every row (the command line without a flag): the curated values still stay; the rest of the row is written.
  await applyImport(rows, "all");
  expect(await stored(written)).toMatchObject({ summary: "관리자가 쓴 소개", contact: "02-555-0000" });
  expect(await stored(supplied)).toMatchObject({ summary: "파일의 요약", contact: "02-1234-5678", dropshipping: "yes", shippingFee: 3000 });
  expect((await stored(supplied)).termsSuppliedAt).not.toBeNull();
  // A ticked row whose curated changes are all left unticked writes nothing and counts as skipped.
  expect((await applyImport(rows, { rows: new Set([2]), fields: new Set() })).report).toMatchObject({ changed: 0 });
  expect(await stored(supplied)).toMatchObject({ dropshipping: "yes", shippingFee: 3000, contact: "02-1234-5678" });
  // The operator ticks the rows and one change each: only those are written (a ticked change of an unticked row: nothing).
  const chosen = await applyImport(rows, { rows: new Set([1, 2]), fields: new Set(["1:summary", "2:dropshipping", "3:summary"]) });
  expect(chosen.report).toMatchObject({ changed: 2 });
  expect(await stored(written)).toMatchObject({ summary: "파일의 소개" });
  expect(await stored(supplied)).toMatchObject({ dropshipping: "no", shippingFee: 3000, contact: "02-1234-5678" });
});
