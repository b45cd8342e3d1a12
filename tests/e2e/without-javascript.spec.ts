import type { Page } from "@playwright/test";
import { expect, mailCount, oneTimeMessage, proveAddress, signInAsAdmin, signUp, test } from "./fixtures.ts";

// Issue 25: the pages sellers read most are sent without React (ADR 0031) and work as plain links and forms;
// issue 23 item 3: without JavaScript nothing is deleted by one request; item 5: ads after the content.

const cards = (page: Page) => page.getByRole("main").getByRole("listitem");
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
const question = (page: Page) => page.getByRole("heading", { name: "정말 삭제하시겠습니까?" });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a seller searches, filters, compares, saves a 찜, reads a note, and a message closes by itself", async ({ page }) => {
    // Search.
    await page.goto("/list");
    await page.getByLabel("도매처 검색").fill("도매창고");
    await page.getByRole("button", { name: "검색", exact: true }).click();
    await expect(page).toHaveURL(/\/list\?q=/);
    await expect(cards(page).getByRole("heading")).toContainText(["도매창고"]);

    // Filter.
    await page.goto("/list");
    await page.getByRole("button", { name: "위탁 가능", exact: true }).click();
    await expect(page).toHaveURL(/\/list\?filter=dropshipping$/);
    await expect(page.getByRole("button", { name: "위탁 가능", exact: true })).toHaveAttribute("aria-pressed", "true");

    // Compare: two suppliers, the table; then four and a fifth refused with a one-time message that closes
    // after 3 s with CSS alone.
    await page.goto("/list");
    const names = (await cards(page).getByRole("heading").allTextContents()).slice(0, 5);
    for (const name of names.slice(0, 2)) await card(page, name).getByRole("button", { name: "비교에 추가" }).click();
    await page.getByRole("link", { name: "비교하기 (2)" }).click();
    // Each column names its supplier (then its 사이트 방문 and 찜하기).
    const heads = page.getByRole("table").getByRole("columnheader");
    for (const name of names.slice(0, 2)) await expect(heads.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(heads.getByRole("link", { name: /사이트 방문/ })).toHaveCount(2);
    await page.goto("/list");
    for (const name of names.slice(2)) await card(page, name).getByRole("button", { name: "비교에 추가" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "최대 4곳까지 비교할 수 있습니다." });
    await expect(refusal).toBeVisible();
    await expect(refusal).toBeHidden({ timeout: 6_000 });
    await expect(page.getByRole("link", { name: "비교하기 (4)" })).toBeVisible();

    // 찜, signed in: the button posts and the page comes back with the new state; /favorites lists it.
    await signUp(page);
    await page.goto("/list?filter=single-unit");
    await card(page, "도매창고").getByRole("button", { name: "찜하기" }).click();
    await expect(card(page, "도매창고").getByRole("button", { name: "찜 해제" })).toHaveAttribute("aria-pressed", "true");
    await page.goto("/favorites");
    await expect(cards(page).getByRole("heading")).toHaveText(["도매창고"]);

    // A note.
    await page.goto("/sellernote");
    const first = page.getByRole("main").getByRole("link").filter({ hasText: /\S/ }).first();
    const title = (await first.textContent())?.trim() ?? "";
    await first.click();
    await expect(page).toHaveURL(/\/sellernote\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title.slice(0, 10));
  });

  test("the fourth release's pages: 이 조건 저장 and its 삭제 on /account, /updates' chips, the /data files", async ({ page }) => {
    // A saved search needs a proved address; the confirmation page is a plain form.
    const email = await signUp(page);
    const before = mailCount();
    await page.goto("/account");
    await page.getByRole("button", { name: "확인 메일 보내기" }).click();
    await proveAddress(page, email, before);
    await page.goto("/list?category=%EC%9D%98%EB%A5%98");
    await page.getByRole("button", { name: "이 조건 저장" }).click();
    await expect(oneTimeMessage(page, "검색 조건을 저장했습니다.")).toBeVisible();
    await page.goto("/account");
    const saved = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "의류" }) });
    await saved.getByRole("button", { name: "삭제" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("link", { name: "의류", exact: true })).toHaveCount(0);

    // /updates: a category chip is a link.
    await page.goto("/updates");
    await page.getByRole("navigation", { name: "카테고리" }).getByRole("link", { name: "의류" }).click();
    await expect(page).toHaveURL(/\/updates\?category=/);
    await expect(page.getByRole("navigation", { name: "카테고리" }).getByRole("link", { name: "의류" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // /data: both files are plain links that answer.
    await page.goto("/data");
    for (const file of ["/data/suppliers.csv", "/data/suppliers.json"]) {
      await expect(page.getByRole("main").locator(`a[href="${file}"]`)).toBeVisible();
      expect((await page.request.get(file)).status()).toBe(200);
    }
  });

  test("deletes ask on a page of their own first: a supplier, a note and an external product", async ({ page }) => {
    await signInAsAdmin(page);
    const stamp = Date.now().toString(36);

    // A supplier from the admin form; 삭제 asks, 취소 keeps it, 삭제 again and 삭제 deletes it.
    const supplier = `자바스크립트 없는 도매처 ${stamp}`;
    await page.goto("/admin");
    await page.getByLabel("이름").fill(supplier);
    await page.getByLabel("카테고리").fill("생활");
    await page.getByLabel("사이트 URL").fill(`https://nojs-${stamp}.example.com`);
    await page.getByRole("button", { name: "등록", exact: true }).click();
    await expect(page.getByText("등록 완료되었습니다.")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: supplier });
    await row.getByRole("button", { name: "삭제" }).click();
    await expect(question(page)).toBeVisible();
    await page.getByRole("link", { name: "취소" }).click();
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "삭제" }).click();
    await page.getByRole("button", { name: "삭제", exact: true }).click();
    await expect(page.getByText("삭제 완료되었습니다.")).toBeVisible();
    await expect(row).toHaveCount(0);

    // A note, written with the plain text area.
    const note = `지울 노트 ${stamp}`;
    await page.goto("/admin/sellernote-add");
    await page.getByLabel("제목").fill(note);
    await page.getByLabel("내용").fill("곧 지울 글입니다.");
    await page.getByRole("button", { name: "등록" }).click();
    await page.getByRole("link", { name: note }).click();
    const noteUrl = page.url();
    await page.getByRole("article").getByRole("button", { name: "삭제" }).click();
    await expect(question(page)).toBeVisible();
    await page.getByRole("link", { name: "취소" }).click();
    await expect(page).toHaveURL(noteUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(note);
    await page.getByRole("article").getByRole("button", { name: "삭제" }).click();
    await page.getByRole("button", { name: "삭제", exact: true }).click();
    await expect(page).toHaveURL(/\/sellernote$/);
    await expect(page.getByText("게시글이 삭제되었습니다.")).toBeVisible();
    await expect(page.getByRole("link", { name: note })).toHaveCount(0);

    // An external product.
    const product = `지울 인기 상품 ${stamp}`;
    await page.goto("/admin/external-products");
    await page.getByLabel("상품명").fill(product);
    await page.getByLabel("상품 URL").fill("https://shop.example.com/nojs");
    await page.getByRole("button", { name: "등록", exact: true }).click();
    await expect(page.getByText("외부 인기 상품이 등록되었습니다.")).toBeVisible();
    const item = page.getByRole("listitem").filter({ hasText: product });
    await item.getByRole("button", { name: "삭제" }).click();
    await expect(question(page)).toBeVisible();
    await page.getByRole("link", { name: "취소" }).click();
    await expect(item).toBeVisible();
    await item.getByRole("button", { name: "삭제" }).click();
    await page.getByRole("button", { name: "삭제", exact: true }).click();
    await expect(page.getByText("삭제 완료!")).toBeVisible();
    await expect(item).toHaveCount(0);
  });
});

test("with JavaScript on, a script-free page loads only the small module; a button post keeps the place", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/list");
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
  await page.getByRole("button", { name: "위탁 가능", exact: true }).click();
  await expect(page).toHaveURL(/\/list\?filter=dropshipping$/);
  await cards(page).first().getByRole("link", { name: "상세 정보" }).click();
  await expect(page).toHaveURL(/\/wholesaler\/\d+$/);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => !/^\/assets\/page-enhancements-[\w-]+\.js$/.test(path))).toEqual([]);

  // 비교에 추가 on a card far down the page: the page comes back where it was, not at the top.
  await page.goto("/list");
  const far = cards(page).nth(8);
  await far.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => scrollY)).toBeGreaterThan(500);
  const onScreen = async () => (await far.getByRole("button").first().boundingBox())?.y ?? Number.NaN;
  const before = await onScreen();
  await far.getByRole("button", { name: "비교에 추가" }).click();
  await expect(page.getByRole("link", { name: "비교하기 (1)" })).toBeVisible();
  // The same card's button, where it was on the screen (its 비교에 추가 is now 비교에서 빼기).
  await expect.poll(async () => Math.abs((await onScreen()) - before)).toBeLessThan(60);

  // A page that hydrates still gets React (and no speculation rules).
  await page.goto("/login");
  await expect.poll(() => scripts.some((path) => /entry\.client/.test(path))).toBe(true);
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0);
});

test.describe("ads in their place", () => {
  test("wide screen: <main> first in the page's order, the ads drawn left and right; the disclosure on the page", async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto("/list");
    const ads = page.getByRole("complementary", { name: "광고" });
    await expect(ads).toHaveCount(2);
    // The keyboard reaches the content before any ad: <main> comes before both asides in the document.
    const mainFirst = await page.evaluate(() => {
      const main = document.querySelector("main");
      return [...document.querySelectorAll('aside[aria-label="광고"]')].every(
        (aside) => main && main.compareDocumentPosition(aside) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    });
    expect(mainFirst).toBe(true);
    const main = await page.locator("main").boundingBox();
    const left = await ads.nth(0).boundingBox();
    const right = await ads.nth(1).boundingBox();
    expect(left!.x + left!.width).toBeLessThanOrEqual(main!.x);
    expect(right!.x).toBeGreaterThanOrEqual(main!.x + main!.width);
    await expect(page.getByText("이 페이지는 제휴 마케팅 활동의 일환으로 일정액의 수수료를 제공받습니다.")).toBeVisible();
  });

  test("phone: one ad, after the content, at most 120 px high; admin pages carry none", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/list");
    const visible = page.getByRole("complementary", { name: "광고" });
    await expect(visible).toHaveCount(1);
    const main = await page.locator("main").boundingBox();
    const ad = await visible.boundingBox();
    expect(ad!.y).toBeGreaterThanOrEqual(main!.y + main!.height);
    // One short row at the end of every page (issue 37 item 7: it was about 700 px, a screen of its own).
    for (const path of ["/list", "/products", "/seller-info", "/sellernote", "/tools/margin", "/login"]) {
      await page.goto(path);
      const box = await visible.boundingBox();
      expect(box!.height, path).toBeLessThanOrEqual(120);
      await expect(visible.getByRole("link")).toContainText("원");
    }

    await signInAsAdmin(page);
    for (const path of ["/admin", "/admin/sellernote-add", "/admin/external-products"]) {
      await page.goto(path);
      await expect(page.locator('aside[aria-label="광고"]'), path).toHaveCount(0);
    }
  });
});
