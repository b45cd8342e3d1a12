import fs from "node:fs";
import type { Page } from "@playwright/test";
import { CONSENT_LABEL, expect, fillSignUp, oneTimeMessage, PASSWORD, signInAsAdmin, test, uniqueEmail } from "./fixtures.ts";
import { e2ePort, e2eServerLog } from "./paths.ts";

/**
 * The developers' own first-hour journey (issue 23, and issue 37's second pass): a new seller who searches (in a
 * seller's words, with a typo, with the 한/영 key left on English), sorts, filters, compares, signs up from a 찜 and
 * finds it saved, then registers a product, opens its page, shares it and deletes it; a plain sign-up from a page
 * lands back on it; at a phone's width and a desktop's. The product is registered and deleted with JavaScript off,
 * as on a slow phone before the scripts arrive.
 */
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
] as const;

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const size of SIZES) {
  test(`a new seller's first hour at ${size.width} px: search, filter, compare, sign up from a 찜, a product added and deleted`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });

    // Search: a word of the summaries and categories finds suppliers; a typo of a name is offered its name.
    await page.goto("/list");
    const search = page.getByRole("searchbox").or(page.getByLabel("검색어")).first();
    await search.fill("의류");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=%EC%9D%98%EB%A5%98/);
    await expect(page.getByRole("heading", { level: 2, name: "신상마켓" })).toBeVisible();
    await page.goto(`/list?q=${encodeURIComponent("도메꾹")}`);
    await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
    await expect(page.getByText("혹시 도매꾹을 찾으셨나요?")).toBeVisible();
    await expect(page.getByText("검색은 도매처 이름과 소개, 카테고리에서 찾습니다.", { exact: false })).toBeVisible();
    await page.getByRole("link", { name: "도매꾹", exact: true }).click();
    await expect(page).toHaveURL(/q=%EB%8F%84%EB%A7%A4%EA%BE%B9/);
    await expect(page.getByRole("heading", { level: 2, name: "도매꾹" })).toBeVisible();
    // The letters' parts decide between two names one syllable away: 도매꿀 is 도매꾹, not 도매매.
    await page.goto(`/list?q=${encodeURIComponent("도매꿀")}`);
    await expect(page.getByText("혹시 도매꾹을 찾으셨나요?")).toBeVisible();
    await page.goto(`/list?q=${encodeURIComponent("도매 꾹")}`);
    await expect(page.getByText("혹시 도매꾹을 찾으셨나요?")).toBeVisible();
    // A seller's word for a category: 옷 offers 의류 and lists its suppliers.
    await page.goto("/list");
    await search.fill("옷");
    await search.press("Enter");
    await expect(page.getByRole("heading", { level: 2, name: "신상마켓" })).toBeVisible();
    await page.getByRole("link", { name: "의류 도매처 보기" }).click();
    await expect(page).toHaveURL(/category=%EC%9D%98%EB%A5%98/);
    await expect(page.getByRole("button", { name: "의류" })).toHaveAttribute("aria-pressed", "true");
    // The 한/영 key left on English: ehao is read as 도매.
    await page.goto("/list?q=ehao");
    await expect(page.getByText("‘ehao’ 대신 한글 ‘도매’로 찾은 결과입니다.", { exact: false })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "도매꾹" })).toBeVisible();

    // The sort applies as soon as it changes (the page has no React: the small module sends the form).
    await page.goto("/list");
    await page.getByLabel("정렬").selectOption("name");
    await expect(page).toHaveURL(/sort=name/);
    await expect(page.getByLabel("정렬")).toHaveValue("name");
    if (size.width < 640) {
      // A phone's ad is one short row at the end of the page.
      const ad = page.getByRole("complementary", { name: "광고" }).filter({ visible: true });
      expect((await ad.boundingBox())!.height).toBeLessThanOrEqual(120);
    }

    // Filter: 위탁 가능 is a toggle whose state lives in the URL.
    await page.goto("/list");
    const filter = page.getByRole("button", { name: "위탁 가능" });
    await filter.click();
    await expect(page).toHaveURL(/filter=dropshipping/);
    await expect(page.getByRole("button", { name: "위탁 가능" })).toHaveAttribute("aria-pressed", "true");
    const cards = page.locator("main li").filter({ has: page.getByRole("link", { name: "상세 정보" }) });
    await expect(cards.first()).toBeVisible();
    // Every card shown says 위탁 가능.
    const shown = await cards.count();
    for (let i = 0; i < shown; i++) await expect(cards.nth(i)).toContainText("위탁 가능");

    // Compare two of them: every row of the detail page, 사이트 방문 and 찜하기 per column.
    const first = (await cards.nth(0).getByRole("heading", { level: 2 }).textContent())?.trim() ?? "";
    await cards.nth(0).getByRole("button", { name: "비교에 추가" }).click();
    await expect(cards.nth(0).getByRole("button", { name: "비교에서 빼기" })).toBeVisible();
    // The choice is a cookie the answer sets: the second press waits for the first one's answer.
    await expect(page.getByRole("link", { name: "비교하기 (1)" })).toBeVisible();
    await cards.nth(1).getByRole("button", { name: "비교에 추가" }).click();
    await page.getByRole("link", { name: "비교하기 (2)" }).click();
    await expect(page).toHaveURL(/\/compare\?ids=\d+,\d+$/);
    const table = page.getByRole("table");
    await expect(table.getByRole("rowheader", { name: "국세청 상태" })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "배송 방식" })).toBeVisible();
    await expect(table.getByRole("link", { name: /사이트 방문/ })).toHaveCount(2);
    if (size.width < 640) await expect(page.getByText("표를 옆으로 밀면 다른 도매처가 이어서 보입니다.")).toBeVisible();
    else await expect(page.getByText("표를 옆으로 밀면 다른 도매처가 이어서 보입니다.")).toBeHidden();
    expect(await noSidewaysScroll(page)).toBe(true);
    const compareUrl = new URL(page.url());

    // 찜하기 while signed out leads to sign in; the seller makes an account instead, and the 찜 is kept.
    await table.getByRole("link", { name: "찜하기" }).first().click();
    await expect(page).toHaveURL(/\/login\?/);
    await page.getByRole("link", { name: "새 계정 만들기" }).click();
    await expect(page).toHaveURL(/\/signup\?.*redirectTo=/);
    // Two suppliers are chosen, but no compare bar covers the sign-up form.
    await expect(page.getByRole("navigation", { name: "비교할 도매처" })).toHaveCount(0);
    const email = uniqueEmail("first-hour");
    await page.getByLabel("이메일").fill(email);
    await page.getByLabel("비밀번호").fill(PASSWORD);
    // The consent is required: its links lead to both legal pages.
    await expect(page.getByRole("link", { name: "이용약관" }).last()).toHaveAttribute("href", "/terms");
    await expect(page.getByRole("link", { name: "개인정보처리방침" }).last()).toHaveAttribute("href", "/privacy");
    await page.getByLabel(CONSENT_LABEL).check();
    await page.getByRole("button", { name: "회원가입" }).click();
    await page.waitForURL((url) => url.pathname === "/compare");
    // Back on the same comparison (the same ids, whether the comma comes back written as %2C or not).
    expect(new URL(page.url()).searchParams.get("ids")).toBe(compareUrl.searchParams.get("ids"));
    await expect(page.getByRole("table").getByRole("button", { name: "찜 해제" })).toHaveCount(1);
    await page.goto("/favorites");
    await expect(page.getByRole("heading", { level: 2, name: first })).toBeVisible();

    // A product registered and deleted without JavaScript (a slow phone before the scripts arrive), in the same
    // session: the form posts, and the delete asks on a page of its own before anything is gone.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: size.width, height: size.height },
      storageState: await page.context().storageState(),
    });
    try {
      const bare = await noScript.newPage();
      const product = `첫 시간 상품 ${size.name} ${Date.now().toString(36)}`;
      await bare.goto("/add");
      await bare.getByLabel("상품명").fill(product);
      await bare.getByLabel("가격").fill("12,000");
      await bare.getByRole("button", { name: "등록하기" }).click();
      await expect(oneTimeMessage(bare, "상품이 등록되었습니다.").first()).toBeVisible();
      // The success leads to the product's own page; its card in the list does too.
      await bare.getByRole("link", { name: `‘${product}’ 상품 페이지 보기` }).click();
      await expect(bare).toHaveURL(/\/product\/\d+$/);
      const productPath = new URL(bare.url()).pathname;
      await expect(bare.getByRole("heading", { level: 1 })).toHaveText(product);
      await expect(bare.getByText("12,000원")).toBeVisible();
      // 공유 needs JavaScript: hidden, nothing broken.
      await expect(bare.getByRole("button", { name: "공유" })).toBeHidden();
      const jsonLd = JSON.parse((await bare.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(jsonLd).toMatchObject({ "@type": "Product", name: product, offers: { price: 12000, priceCurrency: "KRW" } });
      await bare.goto(`/products?q=${encodeURIComponent(product)}`);
      const card = bare.getByRole("article").filter({ has: bare.getByRole("heading", { name: product, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card.getByRole("link", { name: product })).toHaveAttribute("href", productPath);

      // With JavaScript, 공유 copies the address (this browser has no share sheet: it is taken away to be sure).
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
      });
      await page.goto(productPath);
      await page.getByRole("button", { name: "공유" }).click();
      await expect(page.getByRole("status").filter({ hasText: "링크를 복사했습니다." })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(productPath, baseURL).href);

      // Deleted from its page: asked first, naming it, then the list.
      await bare.goto(productPath);
      await bare.getByRole("button", { name: "삭제" }).click();
      await expect(bare.getByRole("heading", { name: "정말 삭제하시겠습니까?" })).toBeVisible();
      await expect(bare.getByText(`삭제할 상품: ${product}`)).toBeVisible();
      await bare.getByRole("button", { name: "삭제" }).click();
      await expect(bare).toHaveURL(/\/products$/);
      await expect(oneTimeMessage(bare, "삭제 완료!").first()).toBeVisible();
      await bare.goto(`/products?q=${encodeURIComponent(product)}`);
      await expect(card).toHaveCount(0);
      expect((await bare.goto(productPath))?.status()).toBe(404);
      await expect(bare.getByRole("heading", { level: 1 })).toHaveText("상품을 찾을 수 없습니다.");
    } finally {
      await noScript.close();
    }
  });
}

for (const size of SIZES) {
  test(`a plain sign-up from a page at ${size.width} px lands back on that page, signed in`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto("/list");
    const supplier = page.locator('main a[href^="/wholesaler/"]').first();
    const path = (await supplier.getAttribute("href")) ?? "";
    await page.goto(path);
    await page.getByRole("banner").getByRole("link", { name: "회원가입" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await fillSignUp(page, uniqueEmail(`came-from-${size.name}`));
    await page.waitForURL((url) => url.pathname === path);
    await expect(oneTimeMessage(page, "회원가입이 완료되었습니다.").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
  });
}

test("on a 360 px phone every header link is on the screen, 관리자 included, with no sideways scroll", async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/list", "/admin", "/compare"]) {
    await page.goto(path);
    const links = page.locator("header").getByRole("link").or(page.locator("header").getByRole("button"));
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(7);
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      await expect(link, `${path}: ${await link.textContent()}`).toBeInViewport({ ratio: 1 });
    }
    await expect(page.locator("header").getByRole("link", { name: "관리자" })).toBeInViewport({ ratio: 1 });
    expect(await noSidewaysScroll(page)).toBe(true);
  }
});

test("the server's start-up ends with the address to open, alone on its line", async () => {
  const lines = fs.readFileSync(e2eServerLog, "utf8").split("\n");
  const listening = lines.findIndex((line) => line.includes('"msg":"listening"'));
  expect(listening).toBeGreaterThanOrEqual(0);
  // After the structured line: an empty line, the sentence, and the address on a line of its own.
  expect(lines.slice(listening + 1, listening + 4)).toEqual([
    "",
    "도매온이 준비되었습니다. 브라우저에서 아래 주소를 여세요.",
    `http://127.0.0.1:${e2ePort}`,
  ]);
});
