import { expect, signInAsAdmin, test } from "./fixtures.ts";
import { e2eRegistryPort } from "./paths.ts";

// The official records end to end: the e2e server asks the stand-in registries (tests/e2e/stand-in-registry-server.ts,
// configured in playwright.config.ts) and the journey tells them what to answer through their control endpoint.

const control = `http://127.0.0.1:${e2eRegistryPort}/control`;
const NUMBER = "2208112341";
const SITE = "https://e2e-records.co.kr/";

async function answer(service: "nts" | "ftc", body: unknown) {
  const response = await fetch(`${control}/${service}`, { method: "POST", body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
}

test("an admin adds a supplier, the registries answer, 사업자 확인 shows; a later 폐업자 shows 폐업 and an item on /admin/records", async ({
  page,
}) => {
  await answer("nts", { number: NUMBER, answer: { state: "01" } });
  await answer("ftc", {
    number: NUMBER,
    answer: { found: true, mailOrderNumber: "2019-서울강남-01234", state: "정상영업", domains: "http://www.e2e-records.co.kr" },
  });

  await signInAsAdmin(page);
  await page.goto("/admin/wholesaler-add");
  const name = `공식 기록 도매 ${Date.now()}`;
  await page.getByLabel("이름").fill(name);
  await page.getByLabel("사이트 URL").fill(SITE);
  await page.getByLabel("사업자등록번호").fill("220-81-12341");
  await page.getByRole("button", { name: "등록", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // The save asked the registries at once (a job on the server): the detail page shows their answers.
  await page.goto(`/list?q=${encodeURIComponent(name)}`);
  await page.getByRole("main").getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "상세 정보" }).click();
  await expect(page).toHaveURL(/\/wholesaler\/\d+$/);
  const detailUrl = page.url();
  const section = page.getByRole("region", { name: "사업자 정보" });
  const row = (label: string) => section.locator("div", { hasText: label }).locator("dd");
  await expect(async () => {
    await page.reload();
    await expect(row("국세청 상태")).toHaveText("계속사업자", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row("과세 유형")).toHaveText("일반과세자");
  await expect(row("통신판매업 신고")).toHaveText("2019-서울강남-01234 (정상영업)");
  await expect(row("신고 도메인")).toHaveText("사이트 주소와 일치");
  await expect(row("공식 기록 확인일")).toHaveText(/^\d{4}\. \d{2}\. \d{2}\.$/);
  await expect(page.getByText("출처: 국세청 사업자등록 상태조회, 공정거래위원회 통신판매사업자 등록현황")).toBeVisible();

  // The seventh /list filter finds it, and its card says 사업자 확인.
  await page.goto("/list");
  await page.getByRole("button", { name: "사업자 확인" }).click();
  await expect(page).toHaveURL(/filter=business-verified/);
  await expect(page.getByRole("button", { name: "사업자 확인" })).toHaveAttribute("aria-pressed", "true");
  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText("사업자 확인", { exact: true })).toBeVisible();

  // Later the 국세청 answers 폐업자; an admin presses 지금 점검 (the registry checks share the site checks' button).
  await answer("nts", { number: NUMBER, answer: { state: "03", endDt: "20261120" } });
  await page.goto("/admin/site-checks");
  await page.getByRole("row").filter({ hasText: name }).getByRole("button", { name: "지금 점검" }).click();
  await expect(page.getByText("공식 기록 확인을 예약했습니다.")).toBeVisible();

  await expect(async () => {
    await page.goto(`/list?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: name }).getByText("폐업", { exact: true })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  // No longer 사업자 확인, on the card or in the filter.
  await expect(
    page.getByRole("main").getByRole("listitem").filter({ hasText: name }).getByText("사업자 확인", { exact: true }),
  ).toHaveCount(0);
  await page.goto(detailUrl);
  await expect(row("국세청 상태")).toHaveText("폐업 (2026. 11. 20.)");

  // The admin menu counts the item; /admin/records lists it with its reason, and 확인함 takes it off.
  await page.goto("/admin");
  const menu = page.getByRole("navigation", { name: "관리자 메뉴" });
  await expect(menu.getByRole("link", { name: /^공식 기록 \d+건 대기$/ })).toBeVisible();
  await menu.getByRole("link", { name: /^공식 기록/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("공식 기록");
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("폐업");
  await expect(item).toContainText("폐업일 2026. 11. 20.");
  await item.getByRole("button", { name: "확인함" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
});
