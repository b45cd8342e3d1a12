import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

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

/**
 * The server takes the 신용카드 등 매출세액공제 off a 개인 일반과세자's VAT at the rate of its Korean day (부가가치세법
 * 제46조: 1.3 % of the payment until 2026-12-31, 1 % after it), so the journeys compute that one figure for the day.
 */
const cardCredit = (payment: number) => Math.round((payment * (Date.now() < Date.parse("2027-01-01T00:00:00+09:00") ? 13 : 10)) / 1000);
const won = (amount: number) => `${amount.toLocaleString("ko-KR")}원`;
const LARGE = "일반과세자(법인, 또는 직전 연도 매출 10억 원 초과)";
const comparison = (page: Page) => page.getByRole("region", { name: "스마트스토어와 쿠팡 비교" });

test("with JavaScript: from a supplier page to a margin that updates as one types and stays in the URL", async ({ page }) => {
  await openCalculatorFromSupplier(page);
  // The page ships no React: the small module asks the server as one types (ADR 0040).
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  // A fresh form is already on the first preset: 영세 grade, an ordinary order, 4.98%.
  await expect(page.getByLabel("수수료 기준")).toHaveValue("smartstore");
  await expect(page.getByLabel("판매 수수료율(%)")).toHaveValue("4.98");
  await fillSale(page);
  // A company's VAT, without the card credit, to begin with.
  await page.getByLabel("과세 유형").selectOption({ label: LARGE });
  await page.getByLabel("스마트스토어 판매자 등급").selectOption({ label: "일반" });
  await expect(page.getByLabel("판매 수수료율(%)")).toHaveValue("6.63");
  await expect(page.getByText(/네이버 스마트스토어 수수료율 6\.63%는 2026\. 11\. 26\.에 공개 자료에서 읽은 값입니다/)).toBeVisible();

  // 20,000 × 6.63% = 1,326 → 정산 18,674; (18,674 − 13,500) × 10/11 = 4,704; 25.9%; break-even ad 5,674.
  const r = result(page);
  await expect(r.getByRole("definition").filter({ hasText: "18,674원" })).toBeVisible();
  await expect(r.getByText("4,704원", { exact: true })).toBeVisible();
  await expect(r.getByText("25.9%", { exact: true })).toBeVisible();
  await expect(r.getByText("5,674원", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/price=20000.*fee=smartstore.*naverGrade=general/);

  // The same product on both platforms, one table, updating as the tiers change.
  const table = comparison(page).getByRole("table");
  await expect(table.getByRole("columnheader", { name: /^네이버 스마트스토어\(일반 · / })).toBeVisible();
  await expect(table.getByRole("row", { name: /^순이익/ })).toContainText("4,704원");
  // 쿠팡 가구·홈인테리어 11.88%: 20,000 → 2,376 → (17,624 − 13,500) × 10/11 = 3,749;
  // 가전·디지털 8.58%: 1,716 → (18,284 − 13,500) × 10/11 = 4,349.
  await expect(table.getByRole("row", { name: /^순이익/ })).toContainText("3,749원");
  await page.getByLabel("쿠팡 카테고리").selectOption("appliances");
  await expect(table.getByRole("row", { name: /^순이익/ })).toContainText("4,349원");
  // A 중소 grade is a preset too: 중소2 (2.5 + 2.73) × 1.1 = 5.75%; 20,000 → 1,150 → (18,850 − 13,500) × 10/11 = 4,864.
  await page.getByLabel("스마트스토어 판매자 등급").selectOption({ label: "중소2" });
  await expect(page.getByLabel("판매 수수료율(%)")).toHaveValue("5.75");
  await expect(r.getByText("4,864원", { exact: true })).toBeVisible();
  await page.getByLabel("스마트스토어 판매자 등급").selectOption({ label: "일반" });
  await expect(r.getByText("4,704원", { exact: true })).toBeVisible();
  // A 면세 product keeps the whole margin before VAT, whoever sells it: 5,174원 on 스마트스토어.
  await page.getByLabel("상품의 과세 여부").selectOption("exempt");
  await expect(r.getByText("5,174원", { exact: true })).toBeVisible();
  await page.getByLabel("과세 유형").selectOption({ label: "간이과세자" });
  await expect(r.getByText("5,174원", { exact: true })).toBeVisible();
  await page.getByLabel("상품의 과세 여부").selectOption("taxable");
  // A 개인 일반과세자 takes the card credit off the 470원 of VAT: 5,174 − (470 − 260) = 4,964 until 2026-12-31.
  await page.getByLabel("과세 유형").selectOption("general");
  await expect(r.getByText(won(5_174 - 470 + cardCredit(20_000)), { exact: true })).toBeVisible();
  await expect(page.getByText("신용카드 등 매출세액공제:")).toBeVisible();
  await page.getByLabel("과세 유형").selectOption({ label: LARGE });
  await expect(r.getByText("4,704원", { exact: true })).toBeVisible();

  // Typing a rate by hand switches the basis to 직접 입력 and recomputes at once.
  await page.getByLabel("판매 수수료율(%)").fill("10");
  await expect(page.getByLabel("수수료 기준")).toHaveValue("custom");
  await expect(r.getByText("18,000원", { exact: true })).toBeVisible();

  // A bad value: a Korean message under the field, no result, no NaN.
  await page.getByLabel("판매가", { exact: true }).fill("이만원");
  await expect(page.getByText("숫자만 입력해 주세요(원 단위, 소수점 없이).")).toBeVisible();
  await expect(r.getByRole("definition")).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText("NaN");

  // Typed slowly, the server's answers arrive between the keys: the field keeps the focus and every key, and the
  // message beside it goes once the value is good.
  const price = page.getByLabel("판매가", { exact: true });
  await price.fill("");
  await price.pressSequentially("20000", { delay: 350 });
  await expect(price).toBeFocused();
  await expect(price).toHaveValue("20000");
  await expect(page.getByText("숫자만 입력해 주세요(원 단위, 소수점 없이).")).toHaveCount(0);
  await expect(price).not.toHaveAttribute("aria-invalid");

  // The address bar is a shareable link: opening it shows the same state.
  await expect(r.getByText("18,000원", { exact: true })).toBeVisible();
  const shared = page.url();
  await page.goto(shared);
  await expect(page.getByLabel("판매가", { exact: true })).toHaveValue("20000");
  await expect(result(page).getByText("18,000원", { exact: true })).toBeVisible();
});

test("figures typed before the small module ran stay in their fields and count once it runs", async ({ page }) => {
  // A slow phone: the page is on screen and the seller types while its script is still on the way.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // Not "load" or "domcontentloaded": both wait for the module script held above.
  await page.goto("/tools/margin", { waitUntil: "commit" });
  await fillSale(page);
  await page.getByLabel("과세 유형").selectOption({ label: LARGE });
  await page.getByLabel("스마트스토어 판매자 등급").selectOption({ label: "일반" });
  await expect(result(page).getByRole("definition")).toHaveCount(0);
  releaseScripts();

  // The figures were taken as typed: the 일반 preset's 6.63% and its result, and the address to share them.
  await expect(page.getByLabel("판매가", { exact: true })).toHaveValue("20000");
  await expect(page.getByLabel("판매 수수료율(%)")).toHaveValue("6.63");
  await expect(result(page).getByText("4,704원", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/price=20000.*naverGrade=general/);
  // And they stay when the result comes again.
  await page.getByLabel("광고비(개당)", { exact: true }).fill("0");
  await expect(page.getByLabel("공급가", { exact: true })).toHaveValue("10000");
  await expect(result(page).getByText("5,158원", { exact: true })).toBeVisible();
});

test("without JavaScript: the GET form computes on the server and reports bad input per field", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await openCalculatorFromSupplier(page);
  await fillSale(page);
  // The first 계산하기 on a fresh form is a result: the first preset (영세, 4.98%) is already chosen.
  await page.getByRole("button", { name: "계산하기" }).click();
  await expect(page).toHaveURL(/\/tools\/margin\?.*price=20000.*fee=smartstore/);
  // 20,000 × 4.98% = 996 → 정산 19,004; 5,504 before VAT; 500 of VAT less the card credit (260원 until 2026-12-31).
  await expect(result(page).getByText("19,004원", { exact: true })).toBeVisible();
  await expect(result(page).getByText(won(5_504 - 500 + cardCredit(20_000)), { exact: true })).toBeVisible();

  await page.getByLabel("수수료 기준").selectOption({ label: "쿠팡" });
  await page.getByLabel("과세 유형").selectOption({ label: LARGE });
  await page.getByLabel("고객 배송비", { exact: true }).fill("3000");
  await page.getByRole("button", { name: "계산하기" }).click();
  await expect(page).toHaveURL(/\/tools\/margin\?.*price=20000.*fee=coupang/);
  // The server applied the preset, with its own rate on the customer's shipping fee:
  // 20,000 × 11.88% + 3,000 × 3.3% = 2,376 + 99 = 2,475 → 정산 20,525; (20,525 − 13,500) × 10/11 = 6,386.
  await expect(page.getByLabel("판매 수수료율(%)")).toHaveValue("11.88");
  await expect(page.getByLabel("배송비 수수료율(%)")).toHaveValue("3.3");
  await expect(result(page).getByText("20,525원", { exact: true })).toBeVisible();
  await expect(result(page).getByText("6,386원", { exact: true })).toBeVisible();
  await expect(page.getByText(/쿠팡 수수료율 11\.88%는/)).toBeVisible();
  // The side-by-side table, computed on the server: 스마트스토어 4.98% on 23,000 = 1,145.4 → 1,145 → 정산 21,855.
  const table = comparison(page).getByRole("table");
  await expect(table.getByRole("row", { name: /^정산 예정액/ })).toContainText("21,855원");
  await expect(table.getByRole("row", { name: /^정산 예정액/ })).toContainText("20,525원");

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
  // The first figure typed is not yet a sent form: the server's answer (the address follows it) asks for nothing.
  await page.getByLabel("판매가", { exact: true }).fill("20000");
  await expect(page).toHaveURL(/price=20000.*shipping=3500/);
  await expect(page.getByText("입력해 주세요.")).toHaveCount(0);
  await expect(result(page).getByText("판매가와 공급가를 넣으면 결과가 여기에 표시됩니다.")).toBeVisible();
  // 계산하기 answers in place: every message now, and the page is not loaded again (nor opened at the top).
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole("button", { name: "계산하기" }).click();
  await expect(page.getByText("공급가를 입력해 주세요.")).toBeVisible();
  await expect(page.getByLabel("공급가", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  await page.getByLabel("공급가", { exact: true }).fill("10000");
  await page.getByRole("button", { name: "계산하기" }).click();
  await expect(result(page).getByText("19,004원", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
});

test("on a phone the explanation under 수수료 기준 is one line and the rest sits behind 자세히 보기; a wide screen shows it all", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tools/margin");
  const hint = page.locator("#margin-basis-hint");
  await expect(hint.getByText(/네이버 스마트스토어 수수료율 4\.98%는/)).toBeVisible();
  await expect(hint.getByText(/판매수수료 2\.73%/)).toBeHidden();
  await hint.getByText("자세히 보기").click();
  await expect(hint.getByText(/판매수수료 2\.73%/)).toBeVisible();
  // Another grade: the server's new copy of the form comes in, and the explanation the seller opened stays open.
  await page.getByLabel("스마트스토어 판매자 등급").selectOption({ label: "일반" });
  await expect(hint.getByText(/수수료율 6\.63%는/)).toBeVisible();
  await expect(hint.getByText(/주문관리 수수료 3\.3%/)).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/tools/margin");
  await expect(page.locator("#margin-basis-hint").getByText(/판매수수료 2\.73%/)).toBeVisible();
  await expect(page.locator("#margin-basis-hint").getByText("자세히 보기")).toBeHidden();
});
