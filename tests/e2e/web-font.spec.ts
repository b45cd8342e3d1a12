import type { BrowserType, Page } from "@playwright/test";
import { koreanSystemFontConfig } from "../../scripts/korean-system-font.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// ADR 0038: on a machine with a Korean font the first page of a visit keeps its fallback face to the end and
// fetches Pretendard for the pages after it, which are in Pretendard from their first paint. On a machine with
// none (this one: the fallback is boxes) the first page swaps to Pretendard once its subsets are in (ADR 0037).

const inPretendard = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily.startsWith('"Pretendard Variable"'));
const fontKept = (page: Page) => page.waitForFunction(() => sessionStorage.getItem("font") === "1");
const pretendardLoaded = (page: Page) =>
  page.evaluate(() => [...document.fonts].some((face) => face.family.includes("Pretendard Variable") && face.status === "loaded"));

/** A Chromium launched as the project's, with a Korean system font (scripts/korean-system-font.ts). */
async function withKoreanFont(chromium: BrowserType, use: (page: Page) => Promise<void>) {
  const configured = test.info().project.use;
  const browser = await chromium.launch({
    ...configured.launchOptions,
    env: { ...process.env, FONTCONFIG_FILE: koreanSystemFontConfig() },
  });
  try {
    const context = await browser.newContext({ baseURL: configured.baseURL, locale: "ko-KR" });
    await use(await context.newPage());
  } finally {
    await browser.close();
  }
}

test("with a Korean font, a first visit's page never changes face; the next page is in Pretendard from the start", async ({
  playwright,
}) => {
  await withKoreanFont(playwright.chromium, async (page) => {
    await page.goto("/sellinginsight/ad-strategy");
    await fontKept(page);
    // Nothing of Pretendard was asked for before the page's own first paint.
    const asked = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY,
      font: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => /pretendard/i.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(asked.font).toBeGreaterThan(asked.paint);
    // The subsets this page's text uses are in (loaded for the next page), and this page still reads in its face.
    expect(await pretendardLoaded(page)).toBe(true);
    expect(await inPretendard(page)).toBe(false);

    await page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "도매 사이트 목록" }).click();
    await expect(page).toHaveURL(/\/list$/);
    await expect(page.locator("html")).not.toHaveClass(/fallback-font/);
    expect(await inPretendard(page)).toBe(true);
  });
});

test("with a Korean font, a page that hydrated shows Pretendard from the first page React Router moves to", async ({ playwright }) => {
  await withKoreanFont(playwright.chromium, async (page) => {
    await page.goto("/login");
    await hydrated(page);
    await fontKept(page);
    expect(await inPretendard(page)).toBe(false);

    // React Router moves on in the same document (the mark stays): the next page is the same <html>.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("link", { name: "새 계정 만들기" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await expect(page.locator("html")).not.toHaveClass(/fallback-font/);
    expect(await inPretendard(page)).toBe(true);
  });
});

test("without any Korean font, the first page does not stay in boxes: it swaps to Pretendard once the subsets are in", async ({ page }) => {
  await page.goto("/sellinginsight/ad-strategy");
  await fontKept(page);
  await expect(page.locator("html")).not.toHaveClass(/fallback-font/);
  expect(await inPretendard(page)).toBe(true);
});
