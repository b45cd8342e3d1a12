import { expect, signInAsAdmin, test } from "./fixtures.ts";

test("a visitor sees how fresh a supplier is and sends a correction request, with and without JavaScript", async ({ page, browser }) => {
  await page.goto("/list");
  await page.getByRole("main").getByRole("listitem").first().getByRole("link", { name: "상세 정보" }).click();
  await expect(page).toHaveURL(/\/wholesaler\/\d+$/);
  const id = page.url().split("/").pop();
  const rows = page.getByRole("main").locator("dl");
  await expect(rows.getByText("사이트 상태")).toBeVisible();
  await expect(rows.locator("div", { hasText: "사이트 상태" }).locator("dd")).toHaveText("확인 전");
  await expect(rows.locator("div", { hasText: "마지막 확인" }).locator("dd")).toHaveText("확인 전");
  await expect(page.getByText(/^최근 수정: \d{4}\. \d{1,2}\. \d{1,2}\.$/)).toBeVisible();

  await page.getByRole("link", { name: "정보 수정 요청" }).click();
  await expect(page).toHaveURL(`/wholesaler/${id}/report`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("정보 수정 요청");
  const reason = page.getByLabel("사유");
  await expect(reason.locator("option:not([disabled])")).toHaveText(["사이트 연결 안 됨", "정보가 틀림", "폐업·영업 중단", "기타"]);
  await expect(page.getByLabel("내용")).toHaveAttribute("maxlength", "1000");
  await reason.selectOption({ label: "정보가 틀림" });
  await page.getByLabel("내용").fill("연락처가 바뀌었습니다.\n새 번호: 02-000-0000");
  await page.getByRole("button", { name: "보내기" }).click();
  await expect(page.getByRole("status").filter({ hasText: "요청이 접수되었습니다. 확인 후 반영하겠습니다." })).toBeVisible();

  // The same form works as a plain HTML post.
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: "ko-KR" });
  const plain = await noScript.newPage();
  await plain.goto(`/wholesaler/${id}/report`);
  await plain.getByLabel("사유").selectOption({ label: "기타" });
  await plain.getByLabel("내용").fill("자바스크립트 없이 보냅니다.");
  await plain.getByRole("button", { name: "보내기" }).click();
  await expect(plain.getByText("요청이 접수되었습니다. 확인 후 반영하겠습니다.")).toBeVisible();
  await noScript.close();
});

test("an admin handles the request queue, sees the site checks and a supplier's change history", async ({ page }) => {
  // A request to handle (its own, so the journey does not depend on the other test).
  await page.goto("/list");
  const card = page.getByRole("main").getByRole("listitem").first();
  const supplierName = (await card.getByRole("heading").textContent())?.trim() ?? "";
  await card.getByRole("link", { name: "상세 정보" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(supplierName);
  await page.getByRole("link", { name: "정보 수정 요청" }).click();
  await page.getByLabel("사유").selectOption({ label: "폐업·영업 중단" });
  const text = `폐업 공지 확인 ${Date.now()}`;
  await page.getByLabel("내용").fill(text);
  await page.getByRole("button", { name: "보내기" }).click();
  await expect(page.getByRole("status").filter({ hasText: "요청이 접수되었습니다." })).toBeVisible();

  await signInAsAdmin(page);
  const menu = page.getByRole("navigation", { name: "관리자 메뉴" });
  await expect(menu.getByRole("link", { name: /^수정 요청 \d+건 대기$/ })).toBeVisible();
  await menu.getByRole("link", { name: /^수정 요청/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("수정 요청");
  const item = page.getByRole("listitem").filter({ hasText: text });
  await expect(item).toContainText(supplierName);
  await expect(item).toContainText("폐업·영업 중단");
  await item.getByRole("button", { name: "처리 완료" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: text })).toHaveCount(0);

  await page.getByRole("navigation", { name: "관리자 메뉴" }).getByRole("link", { name: "사이트 점검" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("사이트 점검");
  // The journeys run with LINK_CHECK=0: the page says so. DATA_GO_KR_KEY is set (the stand-in registries), so its
  // buttons stay, for the official records only (tests/e2e/official-records.spec.ts).
  await expect(page.getByText("사이트 점검이 꺼져 있습니다.", { exact: false })).toBeVisible();
  await expect(page.getByText("아래 버튼은 공식 기록(국세청·공정위)만 확인합니다.", { exact: false })).toBeVisible();
  await expect(page.getByRole("table").getByText("확인 전").first()).toBeVisible();

  // An edit shows up under 변경 이력, newest first, naming the field before → after.
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/wholesaler-edit\/\d+$/);
  const contact = page.getByLabel("연락처");
  const before = await contact.inputValue();
  await contact.fill("02-123-4567");
  await page.getByRole("button", { name: "수정", exact: true }).click();
  await page.waitForURL("**/admin");
  await page.goBack();
  await page.reload();
  const history = page.getByRole("region", { name: "변경 이력" });
  await expect(history.getByRole("heading", { level: 2 })).toHaveText("변경 이력");
  await expect(history.getByRole("listitem").first()).toContainText(`연락처: ${before || "(비어 있음)"} → 02-123-4567`);
  await expect(history).not.toContainText("admin@example.com");
});
