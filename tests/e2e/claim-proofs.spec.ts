import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, oneTimeMessage, signInAsAdmin, signUp, test } from "./fixtures.ts";
import { mailLines } from "./mailbox.ts";

// The two proofs for suppliers who cannot edit HTML (ui-contract.md "Every supplier can prove it runs its listing"):
// a 카페24-style owner by a code mailed to an address at its site's domain (the stand-in mail server of
// playwright.config.ts keeps the mail), and a 스마트스토어-only seller by a 사업자등록증 an admin approves. Each then keeps
// `배송 방식` and sees it on the public page.

/** A picture standing in for the document (the server reads its type from the bytes). */
const documentPicture = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

/** An admin adds a listing with this site address; its detail page's path. */
async function addListing(page: Page, name: string, siteUrl: string) {
  await signInAsAdmin(page);
  await page.goto("/admin/wholesaler-add");
  await page.getByLabel("이름").fill(name);
  await page.getByLabel("사이트 URL").fill(siteUrl);
  await page.getByRole("button", { name: "등록", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/list?q=${encodeURIComponent(name)}`);
  await page.getByRole("main").getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "상세 정보" }).click();
  await expect(page).toHaveURL(/\/wholesaler\/\d+$/);
  return new URL(page.url()).pathname;
}

/** The manager keeps 배송 방식 and the public page shows it, with `내 도매처에서 수정` instead of the claim link. */
async function keepDelivery(page: Page, detailPath: string, delivery: string) {
  await page.goto("/supplier");
  await page.getByRole("link", { name: "조건 수정" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("위탁 조건 수정");
  await page.getByLabel("배송 방식").fill(delivery);
  await page.getByRole("button", { name: "저장" }).click();
  await expect(oneTimeMessage(page, "저장되었습니다.")).toBeVisible();
  await page.goto(detailPath);
  await expect(page.locator("dt", { hasText: "배송 방식" }).locator("+ dd")).toHaveText(delivery);
  await expect(page.getByRole("link", { name: "내 도매처에서 수정" })).toBeVisible();
  await expect(page.getByRole("link", { name: "이 도매처의 운영자이신가요?" })).toHaveCount(0);
}

test("a 카페24-style owner proves control by a code mailed to its site's domain, then keeps 배송 방식", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const domain = `cafe${stamp}.co.kr`;
  const detailPath = await addListing(page, `카페몰 ${stamp}`, `https://shop.${domain}/`);

  const owner = await newPage(browser);
  await signUp(owner);
  await owner.goto(detailPath);
  await owner.getByRole("link", { name: "이 도매처의 운영자이신가요?" }).click();
  const mail = owner.getByRole("region", { name: "이메일" });
  await expect(mail).toContainText(`@${domain}`);
  await mail.getByLabel("메일 주소").fill("owner");
  await mail.getByRole("button", { name: "인증 메일 보내기" }).click();
  await expect(owner.getByRole("status").filter({ hasText: `owner@${domain}로 인증 메일을 보냈습니다.` })).toBeVisible();
  let code = "";
  await expect
    .poll(
      () => {
        const sent = mailLines().filter((line) => line.to === `owner@${domain}`);
        code = /인증번호: (\d{6})/.exec(sent.at(-1)?.text ?? "")?.[1] ?? "";
        return code;
      },
      { timeout: 20_000, message: "the code mail" },
    )
    .toMatch(/^\d{6}$/);
  await owner.getByRole("region", { name: "이메일" }).getByLabel("인증번호").fill(code);
  await owner.getByRole("region", { name: "이메일" }).getByRole("button", { name: "확인하기" }).click();
  await expect(owner).toHaveURL(/\/supplier$/);
  await expect(oneTimeMessage(owner, "인증이 완료되었습니다.")).toBeVisible();
  await keepDelivery(owner, detailPath, "택배 배송");
});

test("a 스마트스토어-only seller proves control by 사업자등록증, an admin approves, then it keeps 배송 방식", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `스토어몰 ${stamp}`;
  const detailPath = await addListing(page, name, `https://smartstore.naver.com/store${stamp}`);

  const seller = await newPage(browser);
  await signUp(seller);
  await seller.goto(`${detailPath}/claim`);
  await expect(seller.getByText("스마트스토어 등 오픈마켓 스토어는 사업자등록증으로 인증해 주세요.")).toBeVisible();
  const document = seller.getByRole("region", { name: "사업자등록증" });
  await document
    .getByLabel("사업자등록증 파일")
    .setInputFiles({ name: "사업자등록증.png", mimeType: "image/png", buffer: await documentPicture() });
  await document.getByLabel("사업자등록번호").fill("220-81-62517");
  await document.getByLabel("담당자 연락처").fill("010-1234-5678");
  await document.getByRole("button", { name: "심사 요청" }).click();
  await expect(seller.getByText("심사 요청이 접수되었습니다. 영업일 기준 2일 안에 알려 드립니다.")).toBeVisible();

  await page.goto("/admin/claims");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("운영자 인증 심사");
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("220-81-62517");
  await item.getByRole("button", { name: "승인" }).click();
  await expect(oneTimeMessage(page, "승인했습니다.")).toBeVisible();

  await keepDelivery(seller, detailPath, "위탁 배송");
});
