import type { Page } from "@playwright/test";
import { expect, PASSWORD, signOut, signUp, test } from "./fixtures.ts";

// The demo suppliers whose own pages state terms (content/demo/wholesalers.ts): 온채널 and 도매창고 allow
// 위탁, 나라스포츠 does not; 도매창고 and 나라스포츠 take orders from one unit. Every other supplier is unknown.

const PHONE = { width: 390, height: 844 };

const cards = (page: Page) => page.getByRole("main").getByRole("listitem");
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.use({ viewport: PHONE });

test("a seller on a phone filters by terms, compares three suppliers, saves two favourites and finds them after signing in again", async ({
  page,
}) => {
  // Filters: toggles with aria-pressed, state in the URL, combinable, surviving a reload.
  await page.goto("/list");
  const dropshipping = page.getByRole("button", { name: "위탁 가능", exact: true });
  const singleUnit = page.getByRole("button", { name: "1개부터 주문", exact: true });
  await expect(dropshipping).toHaveAttribute("aria-pressed", "false");
  await dropshipping.click();
  await expect(page).toHaveURL(/\/list\?filter=dropshipping$/);
  await expect(dropshipping).toHaveAttribute("aria-pressed", "true");
  await expect(cards(page).getByRole("heading")).toHaveText(["온채널", "도매창고"]);
  // Each card shows the known facts among 위탁 가능 / 무료 배송 / 반품 가능, nothing for unknown ones.
  await expect(card(page, "도매창고").getByText("위탁 가능", { exact: true })).toBeVisible();
  await expect(card(page, "도매창고").getByText("반품 가능", { exact: true })).toHaveCount(0);

  await singleUnit.click();
  await expect(page).toHaveURL(/\/list\?filter=dropshipping&filter=single-unit$/);
  await expect(cards(page).getByRole("heading")).toHaveText(["도매창고"]);
  await page.reload();
  await expect(dropshipping).toHaveAttribute("aria-pressed", "true");
  await expect(singleUnit).toHaveAttribute("aria-pressed", "true");
  await expect(cards(page).getByRole("heading")).toHaveText(["도매창고"]);
  // With the search and a category chip as well.
  await page.getByRole("button", { name: "스포츠/레저" }).click();
  await expect(page.getByText("조건에 맞는 도매처가 없습니다.")).toBeVisible();
  await dropshipping.click();
  await expect(page).toHaveURL(/category=.*&filter=single-unit$/);
  await expect(cards(page).getByRole("heading")).toHaveText(["나라스포츠"]);
  await page.getByRole("button", { name: "전체", exact: true }).click();
  await expect(cards(page).getByRole("heading")).toHaveText(["도매창고", "나라스포츠"]);
  expect(await noSidewaysScroll(page)).toBe(true);

  // Compare: two from the list, one from a detail page.
  for (const name of ["도매창고", "나라스포츠"]) {
    await card(page, name).getByRole("button", { name: "비교에 추가" }).click();
    await expect(card(page, name).getByRole("button", { name: "비교에서 빼기" })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "비교하기 (2)" })).toBeVisible();
  await page.goto("/list?q=%EC%98%A8%EC%B1%84%EB%84%90");
  await card(page, "온채널").getByRole("link", { name: "상세 정보" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("온채널");
  // The detail page words every term; unknown ones read 확인 필요; the source opens in a new tab.
  await expect(page.getByRole("heading", { level: 2, name: "위탁 조건" })).toBeVisible();
  const term = (label: string) => page.getByRole("main").locator("dt", { hasText: label }).locator("+ dd");
  await expect(term("위탁 판매")).toHaveText("가능");
  await expect(term("상품 연동")).toHaveText("API, 엑셀");
  await expect(term("단순 변심 반품")).toHaveText("확인 필요");
  await expect(term("조건 확인일")).toHaveText("2026. 11. 23.");
  const source = term("조건 출처").getByRole("link");
  await expect(source).toHaveAttribute("target", "_blank");
  await expect(source).toHaveAttribute("rel", "noopener noreferrer");
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(jsonLd ?? "")).toMatchObject({ "@type": "Organization", name: "온채널" });
  await page.getByRole("button", { name: "비교에 추가" }).click();
  await expect(page.getByRole("button", { name: "비교에서 빼기" })).toBeVisible();
  await page.getByRole("link", { name: "비교하기 (3)" }).click();

  await expect(page).toHaveURL(/\/compare\?ids=\d+,\d+,\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("도매처 비교");
  const table = page.getByRole("table");
  await expect(table.locator('thead a[href^="/wholesaler/"]')).toHaveText(["도매창고", "나라스포츠", "온채널"]);
  // Each column: 사이트 방문 and 찜하기 (for a visitor, a link to sign in that saves it afterwards).
  await expect(table.getByRole("link", { name: /사이트 방문/ })).toHaveCount(3);
  await expect(table.getByRole("link", { name: "찜하기" })).toHaveCount(3);
  // Every row of the detail page: the first release's and the site check's, the terms, 사업자 정보.
  await expect(table.getByRole("rowheader")).toHaveText([
    "카테고리",
    "배송 방식",
    "사입 여부",
    "해외 배송",
    "연락처",
    "조회수",
    "사이트 상태",
    "마지막 확인",
    "위탁 판매",
    "최소 주문 수량",
    "배송비",
    "단순 변심 반품",
    "상세페이지 이미지 사용",
    "가격 정책",
    "상품 연동",
    "사업자등록번호",
    "조건 확인일",
    "조건 출처",
    "국세청 상태",
    "과세 유형",
    "통신판매업 신고",
    "신고 도메인",
    "공식 기록 확인일",
  ]);
  // On a phone a visible line says the table goes on sideways.
  await expect(page.getByText("표를 옆으로 밀면 다른 도매처가 이어서 보입니다.")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "위탁 판매" }).getByRole("cell")).toHaveText(["가능", "불가", "가능"]);
  // On the phone the table scrolls sideways inside its box; the page itself never gets wider.
  expect(await noSidewaysScroll(page)).toBe(true);
  const box = page.getByRole("region", { name: "도매처 비교 표" });
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const label = table.getByRole("rowheader", { name: "배송비" });
  const before = await label.boundingBox();
  await box.evaluate((el) => el.scrollBy({ left: 300 }));
  expect((await label.boundingBox())?.x).toBe(before?.x);
  expect(await noSidewaysScroll(page)).toBe(true);
  await table.getByRole("link", { name: "나라스포츠" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("나라스포츠");
  // The choice lasts across page loads until the seller empties it.
  await page.reload();
  await page.getByRole("button", { name: "비교 목록 비우기" }).click();
  await expect(page.getByRole("link", { name: /비교하기/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "비교에 추가" })).toBeVisible();

  // Favourites: two saved while signed in, found again after signing out and in.
  const email = await signUp(page);
  await page.goto("/list?filter=single-unit");
  for (const name of ["도매창고", "나라스포츠"]) {
    const save = card(page, name).getByRole("button", { name: "찜하기" });
    await expect(save).toHaveAttribute("aria-pressed", "false");
    await save.click();
    await expect(card(page, name).getByRole("button", { name: "찜 해제" })).toHaveAttribute("aria-pressed", "true");
  }
  await page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "찜 목록" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("찜한 도매처");
  await expect(cards(page).getByRole("heading")).toHaveText(["나라스포츠", "도매창고"]);
  const favorites = await page.request.get("/favorites");
  expect(favorites.headers()["cache-control"]).toBe("private, no-store");
  // On a detail page too: saved, then taken back, and the page says so after a reload.
  await card(page, "도매창고").getByRole("link", { name: "상세 정보" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("도매창고");
  await expect(page.getByRole("button", { name: "찜 해제" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "찜 해제" }).click();
  await expect(page.getByRole("button", { name: "찜하기" })).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  await expect(page.getByRole("button", { name: "찜하기" })).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "찜하기" }).click();
  await expect(page.getByRole("button", { name: "찜 해제" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "찜 해제" })).toBeVisible();

  await signOut(page);
  // Anonymous: 찜하기 leads to the login page, which brings the seller back.
  await page.goto("/list?filter=single-unit");
  await card(page, "도매창고").getByRole("link", { name: "찜하기" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Flist%3Ffilter%3Dsingle-unit&afterSignIn=favorite%3A\d+$/);
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(PASSWORD);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page).toHaveURL(/\/list\?filter=single-unit$/);
  await expect(card(page, "도매창고").getByRole("button", { name: "찜 해제" })).toBeVisible();
  await page.getByRole("link", { name: "찜 목록" }).click();
  // 도매창고 was saved again on its page, so it is now the newest.
  await expect(cards(page).getByRole("heading")).toHaveText(["도매창고", "나라스포츠"]);
  await card(page, "나라스포츠").getByRole("button", { name: "찜 해제" }).click();
  await expect(cards(page).getByRole("heading")).toHaveText(["도매창고"]);
  expect(await noSidewaysScroll(page)).toBe(true);
});

test("choosing a fifth supplier to compare shows `최대 4곳까지 비교할 수 있습니다.` and keeps the four", async ({ page }) => {
  await page.goto("/list");
  const names = (await cards(page).getByRole("heading").allTextContents()).slice(0, 5);
  for (const name of names.slice(0, 4)) {
    await card(page, name).getByRole("button", { name: "비교에 추가" }).click();
    await expect(card(page, name).getByRole("button", { name: "비교에서 빼기" })).toBeVisible();
  }
  await card(page, names[4]!).getByRole("button", { name: "비교에 추가" }).click();
  await expect(page.getByText("최대 4곳까지 비교할 수 있습니다.")).toBeVisible();
  await expect(card(page, names[4]!).getByRole("button", { name: "비교에 추가" })).toBeVisible();
  await expect(page.getByRole("link", { name: "비교하기 (4)" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter buttons, the compare buttons and the fifth-supplier limit work as plain forms", async ({ page }) => {
    await page.goto("/list");
    await page.getByRole("button", { name: "위탁 가능", exact: true }).click();
    await expect(page).toHaveURL(/\/list\?filter=dropshipping$/);
    await expect(cards(page).getByRole("heading")).toHaveText(["온채널", "도매창고"]);
    await page.getByRole("button", { name: "위탁 가능", exact: true }).click();
    await expect(page).toHaveURL(/\/list$/);

    // Four suppliers into the comparison, then a fifth is refused with the contract's message.
    const names = (await cards(page).getByRole("heading").allTextContents()).slice(0, 5);
    for (const [index, name] of names.entries()) {
      await card(page, name).getByRole("button", { name: "비교에 추가" }).click();
      await expect(page).toHaveURL(/\/list$/);
      if (index < 4) await expect(page.getByRole("link", { name: `비교하기 (${index + 1})` })).toBeVisible();
    }
    await expect(card(page, names[4]!).getByRole("button", { name: "비교에 추가" })).toBeVisible();
    await expect(page.getByRole("link", { name: "비교하기 (4)" })).toBeVisible();
    await page.getByRole("link", { name: "비교하기 (4)" }).click();
    await expect(page.getByRole("table").locator('thead a[href^="/wholesaler/"]')).toHaveText(names.slice(0, 4));
    await page.getByRole("table").getByRole("button", { name: "비교에서 빼기" }).first().click();
    await expect(page.getByRole("table").locator('thead a[href^="/wholesaler/"]')).toHaveText(names.slice(1, 4));
    // A hand-made address with junk and duplicates still shows a page.
    await page.goto("/compare?ids=abc,-1,0,1,1");
    await expect(page.getByText("비교할 도매처를 2곳 이상 선택해 주세요.")).toBeVisible();
  });
});

test("the admin form saves every term and shows problems beside their fields", async ({ page }) => {
  const { signInAsAdmin } = await import("./fixtures.ts");
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.goto("/admin/wholesaler-add");
  await page.getByLabel("이름").fill("조건 입력 도매");
  await page.getByLabel("위탁 판매").selectOption("yes");
  await page.getByLabel("최소 주문 수량").fill("0");
  await page.getByLabel("배송비", { exact: true }).fill("3,000");
  await page.getByLabel("무료 배송 기준 금액").fill("50000");
  await page.getByLabel("단순 변심 반품").selectOption("conditional");
  await page.getByLabel("상세페이지 이미지 사용").selectOption("yes");
  await page.getByLabel("가격 정책").selectOption("free");
  await page.getByRole("group", { name: "상품 연동" }).getByLabel("엑셀").check();
  await page.getByLabel("사업자등록번호").fill("123-45-67890");
  await page.getByLabel("조건 출처").fill("https://example.com/guide");
  await page.getByRole("button", { name: "등록", exact: true }).click();
  // Each problem beside its own input (described by it), the first one also in the alert.
  await expect(page.getByLabel("최소 주문 수량")).toHaveAccessibleDescription("최소 주문 수량은 1 이상이어야 합니다.");
  await expect(page.getByLabel("사업자등록번호")).toHaveAccessibleDescription(
    "사업자등록번호가 올바르지 않습니다. 번호를 다시 확인해 주세요.",
  );
  await expect(page.getByRole("alert")).toHaveText("등록 실패: 최소 주문 수량은 1 이상이어야 합니다.");
  // What was typed stays for correction.
  await expect(page.getByLabel("위탁 판매")).toHaveValue("yes");
  await expect(page.getByRole("group", { name: "상품 연동" }).getByLabel("엑셀")).toBeChecked();
  await page.getByLabel("최소 주문 수량").fill("1");
  await page.getByLabel("사업자등록번호").fill("220-81-62517");
  await page.getByRole("button", { name: "등록", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/list?q=%EC%A1%B0%EA%B1%B4%20%EC%9E%85%EB%A0%A5");
  await expect(card(page, "조건 입력 도매").getByText("위탁 가능", { exact: true })).toBeVisible();
  // A fee with a threshold: the card says which free it is (ui-contract "Smaller changes"), never plain 무료 배송.
  await expect(card(page, "조건 입력 도매").getByText("50,000원 이상 무료", { exact: true })).toBeVisible();
  await expect(card(page, "조건 입력 도매").getByText("무료 배송", { exact: true })).toHaveCount(0);
  await card(page, "조건 입력 도매").getByRole("link", { name: "상세 정보" }).click();
  const term = (label: string) => page.getByRole("main").locator("dt", { hasText: label }).locator("+ dd");
  await expect(term("배송비")).toHaveText("3,000원 (50,000원 이상 무료)");
  await expect(term("사업자등록번호")).toHaveText("220-81-62517");
  await expect(term("가격 정책")).toHaveText("자율");
});
