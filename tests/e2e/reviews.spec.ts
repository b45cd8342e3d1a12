import http from "node:http";
import type net from "node:net";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { deleteSupplierAsAdmin, expect, mailCount, oneTimeMessage, proveAddress, signInAsAdmin, signUp, test } from "./fixtures.ts";
import { mailLines } from "./mailbox.ts";

// 셀러 거래 후기 and 조건 제보 end to end (ui-contract.md "Seller reviews", "Terms reported by sellers"): three
// verified sellers review a supplier with evidence, the admin confirms it and the scores appear on the page and the
// card; the supplier (claimed with the meta tag on a stand-in site on 127.0.0.1) answers one review and asks for
// another to be taken down; the writer objects from /account and the admin restores it. A seller reports a term with
// the supplier's page as evidence, the admin applies it, and a seller who saved the supplier gets the 찜 alert.

let site: http.Server;
let sitePort = 0;
let headMeta = "";

test.beforeAll(async () => {
  site = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html><head><title>후기몰</title>${headMeta}</head><body><p>위탁 판매 가능</p></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  sitePort = (site.address() as net.AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

/** An admin adds a supplier whose site is the stand-in; its detail page's path. */
async function addSupplier(admin: Page, name: string) {
  await admin.goto("/admin/wholesaler-add");
  await admin.getByLabel("이름").fill(name);
  await admin.getByLabel("사이트 URL").fill(`http://127.0.0.1:${sitePort}/`);
  await admin.getByRole("button", { name: "등록", exact: true }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto(`/list?q=${encodeURIComponent(name)}`);
  await admin.getByRole("main").getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "상세 정보" }).click();
  await expect(admin).toHaveURL(/\/wholesaler\/\d+$/);
  return new URL(admin.url()).pathname;
}

/** A new account that proved its address from /account (`확인 메일 보내기`, then the mailed one-press page). */
async function verifiedSeller(browser: Browser) {
  const page = await newPage(browser);
  const email = await signUp(page);
  await page.goto("/account");
  const before = mailCount();
  await page.getByRole("button", { name: "확인 메일 보내기" }).click();
  await expect(oneTimeMessage(page, "확인 메일을 보냈습니다.").first()).toBeVisible();
  await proveAddress(page, email, before);
  await expect(oneTimeMessage(page, "이메일 주소를 확인했습니다.").first()).toBeVisible();
  return { page, email };
}

const picture = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();

async function writeReview(page: Page, detailPath: string, scores: [string, string], body: string, evidenceNumber: string) {
  await page.goto(detailPath);
  await page.getByRole("region", { name: "셀러 거래 후기" }).getByRole("link", { name: "후기 쓰기" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("거래 후기 쓰기");
  await page.getByRole("group", { name: "출고 속도" }).getByLabel(scores[0], { exact: true }).check();
  await page.getByRole("group", { name: "재고 정확도" }).getByLabel(scores[1], { exact: true }).check();
  await page.getByLabel("후기", { exact: true }).fill(body);
  await page.getByLabel("주문번호 또는 송장번호").fill(evidenceNumber);
  await page.getByLabel("거래 화면 캡처").setInputFiles({ name: "주문내역.png", mimeType: "image/png", buffer: await picture() });
  await page.getByLabel("이 도매처와 직접 거래했으며, 대가를 받지 않고 작성합니다.").check();
  await page.getByRole("button", { name: "후기 등록" }).click();
  await expect(oneTimeMessage(page, "후기가 등록되었습니다. 증빙이 확인되면 점수에 반영됩니다.").first()).toBeVisible();
}

test("three verified sellers review with evidence; the admin confirms; scores on the page and the card; the supplier answers and asks for a takedown; the writer objects and the admin restores", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `후기몰 ${Date.now()}`;
  await signInAsAdmin(page);
  const detailPath = await addSupplier(page, name);

  const sellers = [];
  const bodies = [
    "출고가 빨랐고 재고 표시가 정확했습니다. 다음 달에도 거래할 생각입니다.",
    "주문 다음 날 바로 출고됐습니다. 품절 안내도 미리 받았습니다.",
    "출고는 보통이었지만 재고가 정확해서 품절 취소가 없었습니다.",
  ];
  const scores: [string, string][] = [
    ["5", "4"],
    ["4", "5"],
    ["3", "4"],
  ];
  for (const [i, body] of bodies.entries()) {
    const seller = await verifiedSeller(browser);
    await writeReview(seller.page, detailPath, scores[i]!, body, `CJ-2026-${Date.now()}-${i}`);
    sellers.push(seller);
  }
  // Public at once, under a pseudonym; no scores before the evidence is confirmed.
  await page.goto(detailPath);
  const reviews = page.getByRole("region", { name: "셀러 거래 후기" });
  await expect(reviews).toContainText("증빙이 확인된 후기가 3건 이상이면 점수를 보여 드립니다.");
  await expect(reviews.getByRole("listitem")).toHaveCount(3);
  await expect(reviews.getByText(/^셀러 [A-Z2-9]{4}$/)).toHaveCount(3);
  for (const seller of sellers) await expect(reviews).not.toContainText(seller.email);

  // The admin confirms each review's evidence; the picture is there for the admin only.
  await page.goto("/admin/reviews");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("후기 관리");
  const evidenceQueue = page.getByRole("listitem").filter({ hasText: name });
  await expect(evidenceQueue).toHaveCount(3);
  const shot = evidenceQueue.first().getByRole("img");
  await expect(shot).toBeVisible();
  expect(await shot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(120);
  const shotUrl = await shot.getAttribute("src");
  const anonymous = await newPage(browser);
  await anonymous.goto(shotUrl!);
  await expect(anonymous).toHaveURL(/\/login/);
  for (let left = 2; left >= 0; left--) {
    await evidenceQueue.first().getByRole("button", { name: "증빙 확인" }).click();
    // Each press leaves the queue one shorter (the next press waits for the page after the last).
    await expect(evidenceQueue).toHaveCount(left);
  }
  await expect(oneTimeMessage(page, "증빙을 확인했습니다.").first()).toBeVisible();

  // The scores: on the page, each of the four; on the card, the average of the four given and the count.
  await page.goto(detailPath);
  await expect(reviews.getByText("출고 속도 4.0 (3)")).toBeVisible();
  await expect(reviews.getByText("재고 정확도 4.3 (3)")).toBeVisible();
  await expect(reviews.getByText("증빙 확인", { exact: true })).toHaveCount(3);
  await page.goto(`/list?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: name })).toContainText("후기 4.2 · 3건");

  // The supplier claims its listing (the meta tag on its site), answers one review and asks for another to be taken down.
  const supplier = await newPage(browser);
  await signUp(supplier);
  await supplier.goto(`${detailPath}/claim`);
  const code = (await supplier.getByTestId("claim-code").textContent())?.trim() ?? "";
  headMeta = `<meta name="domaeon-site-verification" content="${code}">`;
  await supplier.getByRole("region", { name: "메타 태그" }).getByRole("button", { name: "확인하기" }).click();
  await expect(oneTimeMessage(supplier, "인증이 완료되었습니다.")).toBeVisible();
  await supplier.goto(detailPath);
  const firstReview = supplier.getByRole("region", { name: "셀러 거래 후기" }).getByRole("listitem").filter({ hasText: bodies[0]! });
  await firstReview.getByRole("link", { name: "답변 쓰기" }).click();
  await expect(supplier.getByRole("heading", { level: 1 })).toHaveText("답변 쓰기");
  await supplier.getByLabel("답변").fill("이용해 주셔서 감사합니다. 앞으로도 당일 출고를 지키겠습니다.");
  await supplier.getByRole("button", { name: "답변 등록" }).click();
  await expect(oneTimeMessage(supplier, "답변을 등록했습니다.").first()).toBeVisible();
  await expect(supplier.getByRole("region", { name: "셀러 거래 후기" })).toContainText("공급사 답변");
  await expect(firstReview.getByRole("link", { name: "답변 쓰기" })).toHaveCount(0);

  const writer = sellers[2]!;
  const before = mailCount();
  await supplier
    .getByRole("region", { name: "셀러 거래 후기" })
    .getByRole("listitem")
    .filter({ hasText: bodies[2]! })
    .getByRole("link", { name: "게시 중단 요청" })
    .click();
  await expect(supplier.getByRole("heading", { level: 1 })).toHaveText("게시 중단 요청");
  await supplier.getByLabel("요청 사유").fill("출고가 늦었다는 내용이 사실과 다릅니다. 주문 당일 출고했습니다.");
  await supplier.getByRole("button", { name: "게시 중단 요청" }).click();
  await expect(oneTimeMessage(supplier, "게시 중단을 요청했습니다.").first()).toBeVisible();
  // Hidden at once: its place says so; the scores no longer count it.
  await page.goto(detailPath);
  await expect(reviews).toContainText("권리 침해 신고로 임시 조치된 후기입니다.");
  await expect(reviews).not.toContainText(bodies[2]!);
  await expect(reviews).toContainText("증빙이 확인된 후기가 3건 이상이면 점수를 보여 드립니다.");
  await expect
    .poll(
      () =>
        mailLines()
          .slice(before)
          .filter((mail) => mail.to === writer.email && mail.subject.includes("임시 조치")).length,
    )
    .toBe(1);

  // The writer objects from /account.
  await writer.page.goto("/account");
  await writer.page.getByRole("link", { name: "이의 신청" }).click();
  await expect(writer.page.getByRole("heading", { level: 1 })).toHaveText("이의 신청");
  await writer.page.getByLabel("이의 신청 사유").fill("주문번호를 증빙으로 냈고, 실제로 출고가 사흘 늦었습니다.");
  await writer.page.getByRole("button", { name: "이의 신청" }).click();
  await expect(oneTimeMessage(writer.page, "이의 신청이 접수되었습니다.").first()).toBeVisible();
  await expect(writer.page.getByText("이의 신청함")).toBeVisible();

  // The admin sees the request with the objection and the days left, and restores the review.
  await page.goto("/admin/reviews");
  const takedown = page.getByRole("listitem").filter({ hasText: name });
  await expect(takedown).toContainText("주문번호를 증빙으로 냈고");
  await expect(takedown).toContainText("결정 기한까지 30일 남음");
  await takedown.getByRole("button", { name: "복원" }).click();
  await expect(oneTimeMessage(page, "후기를 복원했습니다.").first()).toBeVisible();
  await page.goto(detailPath);
  await expect(reviews).toContainText(bodies[2]!);
  await expect(reviews.getByText("출고 속도 4.0 (3)")).toBeVisible();
  await expect
    .poll(
      () =>
        mailLines()
          .slice(before)
          .filter((mail) => mail.to === writer.email && mail.subject.includes("다시 게시")).length,
    )
    .toBe(1);
});

test("a seller reports 위탁 판매: 가능 with the supplier's page as evidence; the admin applies it; a seller who saved it gets the 찜 alert", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `제보몰 ${Date.now()}`;
  await signInAsAdmin(page);
  const detailPath = await addSupplier(page, name);
  const evidence = `http://127.0.0.1:${sitePort}/terms`;

  // A seller saves it (찜).
  const saver = await newPage(browser);
  const saverEmail = await signUp(saver);
  await saver.goto(detailPath);
  await saver.getByRole("button", { name: "찜하기" }).click();
  await expect(saver.getByRole("button", { name: "찜 해제" })).toHaveAttribute("aria-pressed", "true");

  // Another seller reports the term.
  const reporter = await newPage(browser);
  await signUp(reporter);
  await reporter.goto(detailPath);
  await reporter.getByRole("link", { name: "조건 제보하기" }).click();
  await expect(reporter.getByRole("heading", { level: 1 })).toHaveText("위탁 조건 제보");
  await reporter.getByRole("button", { name: "제보하기" }).click();
  await expect(reporter.getByRole("alert").filter({ hasText: "제보할 조건을 하나 이상 골라 주세요." })).toBeVisible();
  await reporter.getByLabel("위탁 판매").selectOption("yes");
  await reporter.getByLabel("근거 주소").fill(evidence);
  await reporter.getByRole("button", { name: "제보하기" }).click();
  await expect(oneTimeMessage(reporter, "제보가 접수되었습니다. 관리자가 확인한 뒤 반영합니다.").first()).toBeVisible();

  // The admin applies it from /admin/reports.
  await page.goto("/admin/reports");
  const report = page.getByRole("region", { name: "조건 제보" }).getByRole("listitem").filter({ hasText: name });
  await expect(report).toContainText("위탁 판매: 확인 필요 → 가능");
  await expect(report.getByRole("link", { name: evidence })).toBeVisible();
  await report.getByRole("button", { name: "반영" }).click();
  await expect(oneTimeMessage(page, "제보한 조건을 반영했습니다.").first()).toBeVisible();

  // The page: the term, its source (the evidence) and its day, and the change in 조건 변경 이력.
  await saver.goto(detailPath);
  const terms = saver.getByRole("region", { name: "위탁 조건" });
  await expect(terms.getByRole("definition").filter({ hasText: "가능" }).first()).toBeVisible();
  await expect(terms.getByRole("link", { name: evidence })).toBeVisible();
  await expect(saver.getByRole("region", { name: "조건 변경 이력" })).toContainText("위탁 판매: 확인 필요 → 가능");

  // The seller who saved it gets the 찜 alert.
  const alerts = () => mailLines().filter((mail) => mail.to === saverEmail && mail.subject === "[도매온] 찜한 도매처 변경 알림");
  await expect.poll(() => alerts().length, { timeout: 45_000, message: "one alert mail to the seller who saved it" }).toBe(1);
  expect(alerts()[0]!.text).toContain(name);
  expect(alerts()[0]!.text).toContain("위탁 판매: 확인 필요 → 가능");

  // The directory as the journey found it: the filter journeys count the demo's 위탁 suppliers.
  await deleteSupplierAsAdmin(page, name);
});
