import { expect, PASSWORD, test, uniqueEmail } from "./fixtures.ts";

// What Korean users expect of a service (ui-contract, fourth release; ADR 0054): the consent items, 공유 and the
// breadcrumbs, and the picture of the margin.

test("without JavaScript, `전체 동의` alone signs up, and the consents are listed on /account", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/signup");
  for (const item of ["[필수] 이용약관 동의", "[필수] 개인정보 수집·이용 동의", "[필수] 만 14세 이상입니다", "[선택] 새 소식 메일 받기"])
    await expect(page.getByLabel(item, { exact: true })).not.toBeChecked();
  await page.getByLabel("이메일").fill(uniqueEmail("consent-nojs"));
  await page.getByLabel("비밀번호").fill(PASSWORD);
  await page.getByLabel("전체 동의").check();
  await page.getByRole("button", { name: "회원가입" }).click();
  await page.waitForURL("**/list");
  await page.goto("/account");
  const consents = page.locator("section", { has: page.getByRole("heading", { name: "동의 내역" }) });
  for (const name of ["이용약관", "개인정보 수집·이용", "만 14세 이상 확인", "새 소식 메일 받기"])
    await expect(consents).toContainText(name);
  await expect(consents.getByText("동의함").first()).toBeVisible();
  await context.close();
});

test("a supplier's page: the trail to its list, and 공유 copies its address", async ({ page, baseURL }) => {
  await page.goto("/list");
  await page.getByRole("main").locator('a[href^="/wholesaler/"]').first().click();
  await expect(page).toHaveURL(/\/wholesaler\/\d+$/);
  const trail = page.getByRole("navigation", { name: "이동 경로" });
  await expect(trail.getByRole("link", { name: "홈" })).toHaveAttribute("href", "/");
  await expect(trail.locator('[aria-current="page"]')).toHaveText((await page.getByRole("heading", { level: 1 }).textContent()) ?? "");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  const path = new URL(page.url()).pathname;
  await page.goto(path);
  await page.getByRole("button", { name: "공유" }).click();
  await expect(page.getByRole("status").filter({ hasText: "링크를 복사했습니다." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(path, baseURL).href);
});

test("the margin calculator's answer has a picture with its figures, for the result and for both platforms", async ({ page }) => {
  await page.goto("/tools/margin?price=20000&cost=11000&customerShipping=0&shipping=3000&ad=0&fee=smartstore&naverGrade=general");
  const pictures = page.getByRole("img", { name: /^판매가 20,000원: 수수료 / });
  await expect(pictures).toHaveCount(3);
  await expect(pictures.first()).toBeVisible();
  await expect(page.getByText("판매가 구성", { exact: true })).toBeVisible();
});
