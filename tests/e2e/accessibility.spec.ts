import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, mailCount, proveAddress, signInAsAdmin, signUp, test, uniqueEmail } from "./fixtures.ts";

/**
 * axe-core's WCAG 2.1 A and AA rules on every public, account and admin page, at a desktop and a phone
 * width (issue 23, item 11): no serious or critical violation. axe is put into the page through the
 * DevTools protocol (page.evaluate), which the page's CSP does not govern, so the pages keep their policy.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global axe-core puts on the page
    const axe = (window as any).axe;
    // And the headings' order, a best practice (moderate to axe) that a screen reader's list of headings relies
    // on, and that Lighthouse's accessibility score counts: /external-products' cards once skipped a level.
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      rules: { "heading-order": { enabled: true } },
    });
    return result.violations as Violation[];
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.id === "heading-order")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

/** A small PNG, as an evidence picture. */
const smallPicture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();

/** Opens each path at each width and collects every serious or critical violation, named by page and width. */
async function checkPages(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState("load");
      for (const line of await seriousViolations(page)) found.push(`${path} @${size.width}px: ${line}`);
    }
  }
  expect(found, found.join("\n")).toEqual([]);
}

/** The first link on `path` whose address starts with `prefix` (a supplier, a note, a guide). */
async function firstHref(page: Page, path: string, prefix: string) {
  await page.goto(path);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
  expect(href, `a link to ${prefix} on ${path}`).toBeTruthy();
  return href!;
}

test.describe.configure({ timeout: 240_000 });

test("public pages: no serious or critical WCAG 2.1 AA violation at 1280 and 390 px", async ({ page }) => {
  const supplier = await firstHref(page, "/list", "/wholesaler/");
  const [, id] = /\/wholesaler\/(\d+)/.exec(supplier) ?? [];
  const other = await page.locator('main a[href^="/wholesaler/"]').nth(2).getAttribute("href");
  const otherId = /\/wholesaler\/(\d+)/.exec(other ?? "")?.[1];
  const note = await firstHref(page, "/sellernote", "/sellernote/");
  const guide = await firstHref(page, "/seller-info", "/sellinginsight/");
  const product = await firstHref(page, "/products", "/product/");
  await checkPages(page, [
    product,
    "/",
    "/list",
    "/list?filter=dropshipping&category=%EC%83%9D%ED%99%9C",
    // Nothing found: the suggestion and the tips.
    "/list?q=%EB%8F%84%EB%A9%94%EA%BE%B9",
    supplier,
    `/wholesaler/${id}/report`,
    `/compare?ids=${id},${otherId}`,
    "/compare",
    "/products",
    "/search",
    "/external-products",
    "/seller-info",
    guide,
    "/tools/margin",
    "/tools/margin?salePrice=20000&supplyPrice=12000",
    "/sellernote",
    note,
    // The fourth release's public pages: what is new, the open data, a category's list with its trail.
    "/updates",
    "/data",
    "/list?category=%EC%9D%98%EB%A5%98",
    "/terms",
    "/privacy",
    "/login",
    "/signup",
    "/forgot-password",
    "/no-such-page",
  ]);
});

test("account pages: no serious or critical WCAG 2.1 AA violation at 1280 and 390 px", async ({ page }) => {
  const email = await signUp(page, uniqueEmail("a11y"));
  await page.goto("/add");
  await page.getByLabel("상품명").fill("접근성 점검 상품");
  await page.getByRole("button", { name: "등록하기" }).click();
  // Wait for the answer before leaving: going on at once could cancel the post before it was sent.
  await expect(page.getByText("상품이 등록되었습니다.").first()).toBeVisible();
  await page.goto("/products");
  const edit = await page.locator('form[action^="/edit/"]').first().getAttribute("action");
  expect(edit, "the new product's 수정 form").toBeTruthy();
  // A verified account sees the review form (an unverified one is asked to verify first).
  const supplier = await firstHref(page, "/list", "/wholesaler/");
  await page.goto("/account");
  const before = mailCount();
  await page.getByRole("button", { name: "확인 메일 보내기" }).click();
  await expect(page.getByText("확인 메일을 보냈습니다.").first()).toBeVisible();
  await proveAddress(page, email, before);
  await expect(page.getByText("이메일 주소를 확인했습니다.").first()).toBeVisible();
  // A review with evidence (so /admin/reviews below has an item with its picture), and the page to flag it.
  await page.goto(`${supplier}/review`);
  await page.getByRole("group", { name: "출고 속도" }).getByLabel("4", { exact: true }).check();
  await page.getByLabel("후기", { exact: true }).fill("접근성 점검용 후기입니다. 출고가 빠르고 재고가 정확했습니다.");
  await page.getByLabel("주문번호 또는 송장번호").fill("A11Y-0001");
  await page.getByLabel("거래 화면 캡처").setInputFiles({ name: "a.png", mimeType: "image/png", buffer: await smallPicture() });
  await page.getByLabel("이 도매처와 직접 거래했으며, 대가를 받지 않고 작성합니다.").check();
  await page.getByRole("button", { name: "후기 등록" }).click();
  await expect(page.getByText("후기가 등록되었습니다.").first()).toBeVisible();
  const review = await page.locator('main li[id^="review-"]').first().getAttribute("id");
  await checkPages(page, [
    "/account",
    "/favorites",
    "/add",
    "/products",
    edit!,
    // The owner's product page, with 수정, 삭제 and 공유.
    edit!.replace("/edit/", "/product/"),
    `${supplier}/review`,
    `${supplier}/terms-report`,
    `${supplier}/reviews/${review!.replace("review-", "")}/flag`,
    // The claim page: the code and the tag focusable, the four ways (issue 35).
    `${supplier}/claim`,
  ]);
});

test("admin pages: no serious or critical WCAG 2.1 AA violation at 1280 and 390 px", async ({ page }) => {
  await signInAsAdmin(page);
  const edit = await firstHref(page, "/admin", "/admin/wholesaler-edit/");
  const note = await firstHref(page, "/sellernote", "/sellernote/");
  const noteId = /\/sellernote\/(\d+)/.exec(note)?.[1];
  await page.goto("/admin/external-products");
  const externalEdit = await page.locator('a[href^="/admin/external-products/"]').first().getAttribute("href");
  await checkPages(page, [
    "/admin",
    "/admin/add",
    "/admin/wholesaler",
    "/admin/wholesaler-add",
    edit,
    "/admin/clean-categories",
    "/admin/import",
    "/admin/review",
    "/admin/site-checks",
    "/admin/reports",
    "/admin/records",
    "/admin/reviews",
    "/admin/claims",
    "/admin/add-product",
    "/admin/external-products",
    ...(externalEdit ? [externalEdit] : []),
    "/admin/sellernote-add",
    `/admin/sellernote-edit/${noteId}`,
  ]);
});
