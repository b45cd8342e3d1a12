import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

// ADR 0037: the first page of a visit keeps the fallback face to the end and fetches Pretendard for the pages
// after it; those pages are in Pretendard from their first paint.

const inPretendard = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily.startsWith('"Pretendard Variable"'));
const fontKept = (page: Page) => page.waitForFunction(() => sessionStorage.getItem("font") === "1");
const pretendardLoaded = (page: Page) =>
  page.evaluate(() => [...document.fonts].some((face) => face.family.includes("Pretendard Variable") && face.status === "loaded"));

test("a first visit's page never changes face; the next page is in Pretendard from the start", async ({ page }) => {
  await page.goto("/sellinginsight/ad-strategy");
  await fontKept(page);
  // The subsets this page's text uses are in (loaded for the next page), and this page still reads in the fallback.
  expect(await pretendardLoaded(page)).toBe(true);
  expect(await inPretendard(page)).toBe(false);

  await page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "도매 사이트 목록" }).click();
  await expect(page).toHaveURL(/\/list$/);
  await expect(page.locator("html")).not.toHaveClass(/fallback-font/);
  expect(await inPretendard(page)).toBe(true);
});

test("a page that hydrated shows Pretendard from the first page React Router moves to", async ({ page }) => {
  await page.goto("/tools/margin");
  await hydrated(page);
  await fontKept(page);
  expect(await inPretendard(page)).toBe(false);

  // React Router moves on in the same document (the mark stays): the next page is the same <html>.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("link", { name: "← 셀러 정보센터" }).click();
  await expect(page).toHaveURL(/\/seller-info$/);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  await expect(page.locator("html")).not.toHaveClass(/fallback-font/);
  expect(await inPretendard(page)).toBe(true);
});
