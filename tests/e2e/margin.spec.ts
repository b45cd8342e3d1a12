import type { Page } from "@playwright/test";
import { FEE_PRESETS } from "../../content/fee-presets.ts";
import { expect, test } from "./fixtures.ts";

const smartstore = FEE_PRESETS.find((p) => p.id === "smartstore");

/** From the 헬스케어/뷰티 view of /list (regulatory notes shown) to a supplier page and on to the calculator. */
async function openCalculatorFromSupplier(page: Page) {
  await page.goto("/list");
  await page.getByRole("button", { name: "헬스케어/뷰티", exact: true }).click();
  await expect(page).toHaveURL(/category=/);
  const notes = page.getByRole("region", { name: "헬스케어/뷰티 판매 전 확인하세요" });
  await expect(notes.getByRole("heading", { name: "건강기능식품 판매업 영업신고" })).toBeVisible();
  await expect(notes.getByText(/출처:/).first()).toBeVisible();

  const card = page.getByRole("main").getByRole("listitem").first();
  await card.getByRole("link", { name: "상세 정보" }).click();
  await expect(page).toHaveURL(/\/wholesaler\/\d+$/);
  const help = page.getByRole("region", { name: "판매 전 확인" });
  await expect(help.getByRole("heading", { name: "건강기능식품 판매업 영업신고" })).toBeVisible();
  await help.getByRole("link", { name: "마진 계산기" }).click();
  await expect(page).toHaveURL(/\/tools\/margin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("마진 계산기");
}

async function fillSale(page: Page) {
  await page.getByLabel("판매가", { exact: true }).fill("20000");
  await page.getByLabel("공급가", { exact: true }).fill("10000");
  await page.getByLabel("고객 배송비", { exact: true }).fill("0");
  await page.getByLabel("판매자 부담 배송비", { exact: true }).fill("3000");
  await page.getByLabel("광고비(개당)", { exact: true }).fill("500");
}

const result = (page: Page) => page.getByRole("region", { name: "계산 결과" });

test("with JavaScript: from a supplier page to a margin that updates as one types and stays in the URL", async ({ page }) => {
  await openCalculatorFromSupplier(page);
  await fillSale(page);
  await page.getByLabel("수수료 기준").selectOption({ label: "네이버 스마트스토어" });
  await expect(page.getByLabel("판매 수수료율(%)")).toHaveValue(smartstore?.rate ?? "");
  await expect(page.getByText(/네이버 스마트스토어 수수료율 6\.63%는 2026\. 11\. 23\.에 공개 자료에서 읽은 값입니다/)).toBeVisible();

  // 20,000 × 6.63% = 1,326 → 정산 18,674; (18,674 − 13,500) × 10/11 = 4,704; 25.9%; break-even ad 5,674.
  const r = result(page);
  await expect(r.getByRole("definition").filter({ hasText: "18,674원" })).toBeVisible();
  await expect(r.getByText("4,704원", { exact: true })).toBeVisible();
  await expect(r.getByText("25.9%", { exact: true })).toBeVisible();
  await expect(r.getByText("5,674원", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/price=20000.*fee=smartstore/);

  // Typing a rate by hand switches the basis to 직접 입력 and recomputes at once.
  await page.getByLabel("판매 수수료율(%)").fill("10");
  await expect(page.getByLabel("수수료 기준")).toHaveValue("custom");
  await expect(r.getByText("18,000원", { exact: true })).toBeVisible();

  // A bad value: a Korean message under the field, no result, no NaN.
  await page.getByLabel("판매가", { exact: true }).fill("이만원");
  await expect(page.getByText("숫자만 입력해 주세요(원 단위, 소수점 없이).")).toBeVisible();
  await expect(r.getByRole("definition")).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText("NaN");

  // The address bar is a shareable link: opening it shows the same state.
  await page.getByLabel("판매가", { exact: true }).fill("20000");
  await expect(r.getByText("18,000원", { exact: true })).toBeVisible();
  const shared = page.url();
  await page.goto(shared);
  await expect(page.getByLabel("판매가", { exact: true })).toHaveValue("20000");
  await expect(result(page).getByText("18,000원", { exact: true })).toBeVisible();
});

test("without JavaScript: the GET form computes on the server and reports bad input per field", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await openCalculatorFromSupplier(page);
  await fillSale(page);
  await page.getByLabel("수수료 기준").selectOption({ label: "쿠팡" });
  await page.getByRole("button", { name: "계산하기" }).click();

  await expect(page).toHaveURL(/\/tools\/margin\?.*price=20000.*fee=coupang/);
  // The server applied the preset: 20,000 × 11.88% = 2,376 → 정산 17,624; (17,624 − 13,500) × 10/11 = 3,749.
  await expect(page.getByLabel("판매 수수료율(%)")).toHaveValue("11.88");
  await expect(result(page).getByText("17,624원", { exact: true })).toBeVisible();
  await expect(result(page).getByText("3,749원", { exact: true })).toBeVisible();
  await expect(page.getByText(/쿠팡 수수료율 11\.88%는/)).toBeVisible();

  await page.getByLabel("공급가", { exact: true }).fill("-500");
  await page.getByLabel("판매가", { exact: true }).fill("");
  const [response] = await Promise.all([page.waitForResponse(/\/tools\/margin\?/), page.getByRole("button", { name: "계산하기" }).click()]);
  expect(response.status()).toBe(400);
  await expect(page.getByText("판매가를 입력해 주세요.")).toBeVisible();
  await expect(page.getByText("0원 이상으로 입력해 주세요.")).toBeVisible();
  await expect(result(page).getByRole("definition")).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText(/NaN|Infinity/);

  // A 10,000-character parameter is a message too, never a server error.
  const long = await page.goto(`/tools/margin?price=${"9".repeat(10_000)}&cost=1&customerShipping=0&shipping=0&fee=custom&rate=5&ad=0`);
  expect(long?.status()).toBe(400);
  await expect(page.getByText("1억 원 이하로 입력해 주세요.")).toBeVisible();
  await context.close();
});

test("the seller information centre links to the calculator, and a shipping prefill lands in its field", async ({ page }) => {
  await page.goto("/seller-info");
  await page.getByRole("region", { name: "셀러 도구" }).getByRole("link", { name: "마진 계산기" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("마진 계산기");
  await page.goto("/tools/margin?shipping=3500");
  await expect(page.getByLabel("판매자 부담 배송비", { exact: true })).toHaveValue("3500");
  await expect(page.getByText("입력해 주세요.")).toHaveCount(0);
});
