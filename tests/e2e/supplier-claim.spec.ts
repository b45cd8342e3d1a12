import http from "node:http";
import type net from "node:net";
import type { Browser } from "@playwright/test";
import { expect, oneTimeMessage, signInAsAdmin, signUp, test } from "./fixtures.ts";
import { type MailLine, mailLines } from "./mailbox.ts";

// 공급사 인증 and 찜 알림 end to end (ui-contract.md "Suppliers who run a listing", "Alerts"): a supplier proves it
// runs its listing's site with the meta tag on a stand-in site on 127.0.0.1 (started here; OUTBOUND_ALLOW_HOSTS
// allows 127.0.0.1), keeps its terms and ties a product to it; a seller who saved it gets one alert mail from the
// stand-in mail server (playwright.config.ts, ALERT_GATHER_SECONDS=2) and turns alerts off from its link.

let site: http.Server;
let sitePort = 0;
let headMeta = "";

test.beforeAll(async () => {
  site = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html><head><title>인증몰</title>${headMeta}</head><body><p>도매 상품</p></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  sitePort = (site.address() as net.AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test("a supplier claims its listing with the meta tag, changes its shipping fee and ties a product; a seller who saved it gets one alert and turns alerts off", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // An admin adds the listing with the stand-in site as its address.
  const name = `인증몰 ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/wholesaler-add");
  await page.getByLabel("이름").fill(name);
  await page.getByLabel("사이트 URL").fill(`http://127.0.0.1:${sitePort}/`);
  await page.getByLabel("배송비").fill("3000");
  await page.getByRole("button", { name: "등록", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/list?q=${encodeURIComponent(name)}`);
  await page.getByRole("main").getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "상세 정보" }).click();
  await expect(page).toHaveURL(/\/wholesaler\/\d+$/);
  const detailPath = new URL(page.url()).pathname;

  // A seller saves it (찜).
  const seller = await newPage(browser);
  const sellerEmail = await signUp(seller);
  await seller.goto(detailPath);
  await seller.getByRole("button", { name: "찜하기" }).click();
  await expect(seller.getByRole("button", { name: "찜 해제" })).toHaveAttribute("aria-pressed", "true");

  // The supplier signs up and claims the listing.
  const supplier = await newPage(browser);
  const supplierEmail = await signUp(supplier);
  await supplier.goto(detailPath);
  await supplier.getByRole("link", { name: "이 도매처의 운영자이신가요?" }).click();
  await expect(supplier.getByRole("heading", { level: 1 })).toHaveText("도매처 운영자 인증");
  const code = (await supplier.getByTestId("claim-code").textContent())?.trim() ?? "";
  expect(code).toMatch(/^domaeon-/);
  // Without the tag on the site: not found.
  await supplier.getByRole("region", { name: "메타 태그" }).getByRole("button", { name: "확인하기" }).click();
  await expect(supplier.getByRole("alert").filter({ hasText: "사이트에서 인증 코드를 찾지 못했습니다." })).toBeVisible();
  // The supplier puts the tag in its page's head.
  headMeta = `<meta name="domaeon-site-verification" content="${code}">`;
  await supplier.getByRole("region", { name: "메타 태그" }).getByRole("button", { name: "확인하기" }).click();
  await expect(supplier).toHaveURL(/\/supplier$/);
  await expect(oneTimeMessage(supplier, "인증이 완료되었습니다.")).toBeVisible();
  await expect(supplier.getByRole("heading", { level: 1 })).toHaveText("내 도매처");
  await expect(supplier.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "내 도매처" })).toBeVisible();

  // It changes its shipping fee.
  await supplier.getByRole("link", { name: "조건 수정" }).click();
  await expect(supplier.getByRole("heading", { level: 1 })).toHaveText("위탁 조건 수정");
  await expect(supplier.getByLabel("이름")).toHaveCount(0);
  await supplier.getByLabel("배송비").fill("2500");
  await supplier.getByRole("button", { name: "저장" }).click();
  await expect(oneTimeMessage(supplier, "저장되었습니다.")).toBeVisible();

  // The public page: 공급사 인증, 공급사 제공, and the change in 조건 변경 이력 without who made it.
  await supplier.goto(detailPath);
  await expect(supplier.getByText("공급사 인증", { exact: true })).toBeVisible();
  await expect(supplier.getByText("공급사 제공", { exact: true })).toBeVisible();
  const history = supplier.getByRole("region", { name: "조건 변경 이력" });
  await expect(history).toContainText("배송비: 3,000원 → 2,500원");
  await expect(history).not.toContainText(supplierEmail);

  // It registers a product tied to the listing; the card names and links it.
  await supplier.goto("/add");
  await supplier.getByLabel("도매처").selectOption({ label: name });
  const product = `인증몰 티셔츠 ${Date.now()}`;
  await supplier.getByLabel("상품명").fill(product);
  await supplier.getByLabel("가격").fill("12000");
  await supplier.getByRole("button", { name: "등록하기" }).click();
  await expect(oneTimeMessage(supplier, "상품이 등록되었습니다.")).toBeVisible();
  await supplier.goto(`/products?q=${encodeURIComponent(product)}`);
  const card = supplier.getByRole("article").filter({ hasText: product });
  await expect(card.getByRole("link", { name })).toHaveAttribute("href", detailPath);
  await supplier.goto(detailPath);
  await expect(supplier.getByRole("region", { name: "이 도매처의 상품" })).toContainText(product);

  // The seller gets one alert mail, from the stand-in mail server, within seconds.
  const alerts = () => mailLines().filter((mail) => mail.to === sellerEmail && mail.subject === "[도매온] 찜한 도매처 변경 알림");
  let mail: MailLine | undefined;
  await expect
    .poll(
      () => {
        mail = alerts()[0];
        return alerts().length;
      },
      { timeout: 45_000, message: "one alert mail to the seller" },
    )
    .toBe(1);
  expect(mail!.text).toContain(name);
  expect(mail!.text).toContain("배송비: 3,000원 → 2,500원");
  expect(mail!.links).toContain(`${new URL(page.url()).origin}${detailPath}`);
  expect(mail!.text).not.toContain(supplierEmail);
  // Nobody else was mailed about it (other journeys' alerts about their own suppliers share the mail log).
  expect(
    mailLines().filter((line) => line.subject === "[도매온] 찜한 도매처 변경 알림" && line.to !== sellerEmail && line.text?.includes(name)),
  ).toEqual([]);

  // The seller turns alerts off from the mail's link: one press, no sign-in needed.
  const unsubscribe = mail!.links!.find((link) => link.includes("/alerts/unsubscribe?token="))!;
  const anonymous = await newPage(browser);
  await anonymous.goto(unsubscribe);
  await expect(anonymous.getByRole("heading", { level: 1 })).toHaveText("찜 알림 끄기");
  await anonymous.getByRole("button", { name: "알림 끄기" }).click();
  await expect(anonymous.getByRole("status")).toContainText("알림을 껐습니다.");
  await seller.goto("/account");
  await expect(seller.getByLabel("찜한 도매처 변경 알림 받기")).not.toBeChecked();
  // Still one alert mail.
  expect(alerts()).toHaveLength(1);

  // The admin releases the manager (운영자 해제): asked first, naming the account; then the account no longer
  // manages the listing.
  await page.goto(`/admin/wholesaler-edit/${detailPath.split("/").pop()}`);
  await page.getByRole("region", { name: "운영자", exact: true }).getByRole("button", { name: "운영자 해제" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("정말 운영자를 해제하시겠습니까?");
  await expect(page.getByText(supplierEmail)).toBeVisible();
  await page.getByRole("button", { name: "운영자 해제" }).click();
  await expect(oneTimeMessage(page, "운영자를 해제했습니다.").first()).toBeVisible();
  await expect(page.getByText("인증한 운영자가 없습니다.")).toBeVisible();
  const released = await supplier.goto(`/supplier${detailPath.replace("/wholesaler", "")}/edit`);
  expect(released?.status()).toBe(403);
  await expect(supplier.getByText("이 도매처를 수정할 권한이 없습니다.")).toBeVisible();
});
