import { deleteSupplierAsAdmin, expect, oneTimeMessage, signInAsAdmin, test } from "./fixtures.ts";
import { mailLines } from "./mailbox.ts";
import { e2eOAuthPort } from "./paths.ts";

// 이 조건 저장 end to end (ui-contract.md "Reasons to come back", docs/decisions/0053): a seller who signs up with the
// stand-in 카카오 (tests/e2e/stand-in-oauth-server.ts; Kakao's e-mail comes confirmed) saves `의류` + `위탁 가능`, an admin adds a matching supplier, and the seller gets one mail naming it from the
// stand-in mail server (playwright.config.ts: SAVED_SEARCH_MAIL_MINUTES=1); /updates and /updates.xml show it.

test("a seller signs up with 카카오, saves 의류 + 위탁 가능, an admin publishes a matching supplier, and the seller gets one mail naming it", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const seller = await (await browser.newContext()).newPage();
  const email = `kakao-${Date.now()}@example.com`;
  const member = { id: Date.now(), email };
  expect((await seller.request.post(`http://127.0.0.1:${e2eOAuthPort}/control/member`, { data: { provider: "kakao", member } })).ok()).toBe(
    true,
  );
  await seller.goto("/signup");
  await seller.getByLabel("전체 동의").check();
  await seller.getByRole("button", { name: "카카오 로그인" }).click();
  await expect(seller).toHaveURL(/\/account\?joined=1$/);
  await expect(seller.getByText("가입을 마쳤습니다.")).toBeVisible();
  await expect(seller.getByRole("main").getByText(email)).toBeVisible();
  await expect(seller.getByText("확인됨")).toBeVisible();

  await seller.goto("/list?category=%EC%9D%98%EB%A5%98&filter=dropshipping");
  await seller.getByRole("button", { name: "이 조건 저장" }).click();
  await expect(oneTimeMessage(seller, "검색 조건을 저장했습니다.")).toBeVisible();
  await seller.goto("/account");
  await expect(seller.getByRole("link", { name: "의류 · 위탁 가능" })).toBeVisible();

  const name = `저장검색몰 ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/wholesaler-add");
  await page.getByLabel("이름").fill(name);
  await page.getByLabel("카테고리").fill("의류");
  await page.getByLabel("사이트 URL").fill(`https://saved-${Date.now()}.example.com/`);
  await page.getByLabel("위탁 판매").selectOption("yes");
  await page.getByRole("button", { name: "등록", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await expect
    .poll(() => mailLines().filter((mail) => mail.to === email && mail.subject === "[도매온] 저장한 검색에 새 도매처가 있습니다").length, {
      message: "the saved-search mail",
      timeout: 180_000,
      intervals: [2_000],
    })
    .toBe(1);
  const mail = mailLines().find((line) => line.to === email && line.subject.includes("저장한 검색"))!;
  expect(mail.text).toContain(name);

  await page.goto("/updates?category=%EC%9D%98%EB%A5%98");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("최근 업데이트");
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: name })).toContainText("새 도매처");
  const feed = await page.request.get("/updates.xml");
  expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  expect(await feed.text()).toContain(name);

  // The directory as the journey found it: the filter journeys count the demo's 위탁 suppliers.
  await deleteSupplierAsAdmin(page, name);
});
