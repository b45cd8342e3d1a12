import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { cleanCategoryName } from "#app/features/wholesalers/category-cleanup.ts";
import { siteHostOf } from "#app/features/wholesalers/site-host.ts";
import { CATEGORIES, LEGACY_EXPORT } from "./demo-types.ts";
import { demoExternalProducts } from "./external-products.ts";
import { demoProducts } from "./products.ts";
import { demoWholesalers } from "./wholesalers.ts";

// What a supplier's free text may not say unless its terms hold it, read from its own page (issue 37, item 4).
// A row may say 위탁 is refused ("위탁 회원 미모집"); anything else about 위탁 or 배송대행 is a claim.
const CLAIMS = {
  dropshipping: /위탁|배송\s*대행|재고 없이/,
  imageUse: /이미지|사진/,
  pricePolicy: /판매가|최저가|가격\s*(자율|준수)|가격 정책|채널별/,
} as const;
const textOf = (supplier: (typeof demoWholesalers)[number]) =>
  `${supplier.summary} ${supplier.delivery} ${supplier.purchase} ${supplier.international}`.replace(/위탁 회원 미모집/g, "");

test("the demo says nothing it does not know: no summary or row claims 위탁, image use or a price rule its terms leave unknown", () => {
  for (const supplier of demoWholesalers) {
    const text = textOf(supplier);
    if (supplier.terms?.dropshipping !== "yes") expect(text, `${supplier.name}: 위탁`).not.toMatch(CLAIMS.dropshipping);
    if (supplier.terms?.imageUse !== "yes") expect(text, `${supplier.name}: 이미지`).not.toMatch(CLAIMS.imageUse);
    if (supplier.terms?.pricePolicy === undefined) expect(text, `${supplier.name}: 가격`).not.toMatch(CLAIMS.pricePolicy);
    if (supplier.terms?.dropshipping === "no") expect(supplier.purchase, supplier.name).toMatch(/위탁 회원 미모집|위탁 불가/);
    if (supplier.terms?.minOrder === undefined)
      expect(`${supplier.delivery} ${supplier.purchase}`, supplier.name).not.toMatch(/소량|1개부터|최소 수량/);
    // An unknown fact reads 확인 필요, as everywhere on the site, not a pointer to the supplier's site.
    expect(text, supplier.name).not.toContain("사이트에서 확인");
  }
});

test("온채널's price rule is 상품마다 다름 from its own pages; 더펫마트 keeps no term read off another directory", () => {
  expect(demoWholesalers.find((w) => w.name === "온채널")?.terms).toMatchObject({ dropshipping: "yes", pricePolicy: "varies" });
  const petmart = demoWholesalers.find((w) => w.name === "더펫마트");
  expect(petmart?.terms).toBeUndefined();
  expect(textOf(petmart!)).not.toMatch(CLAIMS.dropshipping);
});

test("the suppliers both reviews flagged are handled, and every category keeps enough real suppliers", () => {
  const names = demoWholesalers.map((w) => w.name);
  expect(names).not.toContain("펫모닝B2B");
  expect(new Set(names).size).toBe(names.length);
  expect(demoWholesalers.find((w) => w.name === "백이슈")?.siteUrl).toBe("https://bagissue.kr/");
  // Every category keeps at least two suppliers; those the reviews found thin at least three.
  for (const category of CATEGORIES)
    expect(demoWholesalers.filter((w) => w.category === category).length, category).toBeGreaterThanOrEqual(2);
  for (const category of ["식품", "헬스케어/뷰티", "자동차", "신발/잡화"] as const)
    expect(demoWholesalers.filter((w) => w.category === category).length, category).toBeGreaterThanOrEqual(3);
  for (const supplier of demoWholesalers) expect(new URL(supplier.siteUrl).protocol, supplier.name).toMatch(/^https?:$/);
});

/** The named source a row rests on: the supplier's own page its terms were read on, or the list or article naming it. */
const sourceOf = (supplier: (typeof demoWholesalers)[number]) => supplier.terms?.termsSource ?? supplier.source?.name;
const sourced = (category: string) => demoWholesalers.filter((w) => w.category === category && sourceOf(w));

test("the categories the reviews found thin have three suppliers with a named source each, and 헬스케어/뷰티 a beauty one", () => {
  for (const category of ["자동차", "디지털/가전", "의류", "신발/잡화"] as const)
    expect(sourced(category).length, category).toBeGreaterThanOrEqual(3);
  // The operator's export has no 스포츠/레저 entry, so it keeps 나라스포츠 (its own page) until another source turns up.
  expect(sourced("스포츠/레저").length).toBeGreaterThanOrEqual(1);
  const beauty = sourced("헬스케어/뷰티").filter((w) => /뷰티|화장품|코스메틱/.test(w.name));
  expect(beauty.length).toBeGreaterThanOrEqual(1);
});

// The operator's legacy export as committed (the same rows as shared/data/wholesalers-legacy.json).
const legacyExport = JSON.parse(fs.readFileSync(path.resolve("tests/fixtures/wholesalers-legacy.json"), "utf8")) as {
  name: string;
  category: string;
  siteUrl: string | null;
}[];

test("a row citing the operator's export is in it: the name, the category under its chip's name, the address as written", () => {
  const cited = demoWholesalers.filter((w) => w.source?.name === LEGACY_EXPORT);
  expect(cited.length).toBeGreaterThan(0);
  for (const supplier of cited) {
    const entries = legacyExport.filter((entry) => entry.name === supplier.name);
    expect(
      entries.map((entry) => cleanCategoryName(entry.category)),
      supplier.name,
    ).toContain(supplier.category);
    const sameSite = entries.filter((entry) => siteHostOf(entry.siteUrl) === siteHostOf(supplier.siteUrl));
    // `siteNotFromSource` says the export gives another address: it must really be another one.
    if (supplier.source?.siteNotFromSource) expect(sameSite, supplier.name).toEqual([]);
    // The scheme as the export has it: nobody could check whether the site serves https.
    else
      expect(
        sameSite.map((entry) => new URL(entry.siteUrl!).protocol),
        supplier.name,
      ).toContain(new URL(supplier.siteUrl).protocol);
  }
  // A row added from the export, whose summary says only that the export lists it, has the export's very address and
  // knows nothing more: no term, every row 확인 필요.
  const exportOnly = cited.filter((w) => w.summary.startsWith("운영자의 이전 도매처 목록"));
  expect(exportOnly.length).toBeGreaterThan(0);
  for (const supplier of exportOnly) {
    expect(
      legacyExport.filter((entry) => entry.name === supplier.name).map((entry) => entry.siteUrl),
      supplier.name,
    ).toContain(supplier.siteUrl);
    expect(supplier.terms, supplier.name).toBeUndefined();
    expect([supplier.delivery, supplier.purchase, supplier.international], supplier.name).toEqual(["확인 필요", "확인 필요", "확인 필요"]);
  }
});

test("a source that is a page, not the operator's export, has its https address", () => {
  for (const { name, source } of demoWholesalers)
    if (source && source.name !== LEGACY_EXPORT) expect(new URL(source.url ?? "").protocol, name).toBe("https:");
});

test("외부 인기 상품 link to a search page and so show no fixed price", () => {
  expect(demoExternalProducts.length).toBeGreaterThan(0);
  for (const product of demoExternalProducts) {
    const url = new URL(product.productUrl);
    expect(url.protocol).toBe("https:");
    if (/\/search/.test(url.pathname)) expect(product.price, product.title).toBe("");
  }
});

test("the demo sellers' products link to Naver's current shopping search, not the old /search/all", () => {
  const linked = demoProducts.filter((p) => p.siteUrl !== "");
  expect(linked.length).toBeGreaterThan(0);
  for (const product of linked) {
    const url = new URL(product.siteUrl);
    expect(`${url.host}${url.pathname}`, product.name).toBe("search.shopping.naver.com/ns/search");
    expect(url.searchParams.get("query"), product.name).toBe(product.name);
  }
});
