import { expect, test } from "vitest";
import { CATEGORIES } from "./demo-types.ts";
import { demoExternalProducts } from "./external-products.ts";
import { demoWholesalers } from "./wholesalers.ts";

// A row may point at the site for 위탁 ("위탁은 사이트에서 확인") or say it is refused; anything else about 위탁 is a claim.
const claimsDropshipping = (text: string) =>
  /위탁/.test(text.replace(/\((위탁|위탁 배송)은 사이트에서 확인\)/g, "").replace(/위탁 회원 미모집/g, ""));

test("the free-text rows claim 위탁 only where the supplier's own page states it (terms.dropshipping), and a minimum order only where terms give one", () => {
  for (const supplier of demoWholesalers) {
    const rows = `${supplier.delivery} ${supplier.purchase}`;
    if (supplier.terms?.dropshipping !== "yes") expect(claimsDropshipping(rows), `${supplier.name}: ${rows}`).toBe(false);
    if (supplier.terms?.dropshipping === "no") expect(rows, supplier.name).toMatch(/위탁 회원 미모집|위탁 불가/);
    if (supplier.terms?.minOrder === undefined) expect(rows, supplier.name).not.toMatch(/소량|1개부터|최소 수량/);
  }
});

test("the suppliers both reviews flagged: 펫모닝B2B (never verified) is gone, 백이슈 is https, 더펫마트 says 위탁배송 with its own page as the source", () => {
  const names = demoWholesalers.map((w) => w.name);
  expect(names).not.toContain("펫모닝B2B");
  expect(new Set(names).size).toBe(names.length);
  expect(demoWholesalers.find((w) => w.name === "백이슈")?.siteUrl).toBe("https://bagissue.kr/");
  const petmart = demoWholesalers.find((w) => w.name === "더펫마트");
  expect(petmart?.terms).toMatchObject({ dropshipping: "yes", termsSource: "https://thepetmart.co.kr/" });
  expect(petmart?.delivery).toContain("위탁 배송");
  // Every category keeps at least two suppliers; 식품 and 헬스케어/뷰티, which the review found thin, at least three.
  for (const category of CATEGORIES)
    expect(demoWholesalers.filter((w) => w.category === category).length, category).toBeGreaterThanOrEqual(2);
  for (const category of ["식품", "헬스케어/뷰티"] as const)
    expect(demoWholesalers.filter((w) => w.category === category).length, category).toBeGreaterThanOrEqual(3);
  for (const supplier of demoWholesalers) expect(new URL(supplier.siteUrl).protocol, supplier.name).toMatch(/^https?:$/);
});

test("외부 인기 상품 link to a search page and so show no fixed price", () => {
  expect(demoExternalProducts.length).toBeGreaterThan(0);
  for (const product of demoExternalProducts) {
    const url = new URL(product.productUrl);
    expect(url.protocol).toBe("https:");
    if (/\/search/.test(url.pathname)) expect(product.price, product.title).toBe("");
  }
});
