import { expect, mailCount, mailedLink, PASSWORD, proveAddress, signOut, signUp, test, uniqueEmail } from "./fixtures.ts";

async function logIn(page: import("@playwright/test").Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(password);
  await page.getByRole("button", { name: "로그인" }).click();
}

test("changing the password on /account signs the other browser out", async ({ page, browser, baseURL }) => {
  const email = await signUp(page);
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await logIn(otherPage, email, PASSWORD);
  await otherPage.waitForURL("**/add");

  await page.getByRole("banner").getByRole("link", { name: "내 계정" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("내 계정");
  await expect(page.getByText(email, { exact: true }).last()).toBeVisible();

  await page.getByLabel("현재 비밀번호").fill("not-my-password");
  await page.getByLabel("새 비밀번호").fill("brand-new-horse");
  await page.getByRole("button", { name: "비밀번호 변경" }).click();
  await expect(page.getByText("현재 비밀번호가 올바르지 않습니다.")).toBeVisible();
  await expect(page.getByLabel("현재 비밀번호")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("현재 비밀번호").fill(PASSWORD);
  await page.getByLabel("새 비밀번호").fill("brand-new-horse");
  await page.getByRole("button", { name: "비밀번호 변경" }).click();
  await expect(page.getByRole("status").filter({ hasText: "비밀번호가 변경되었습니다." })).toBeVisible();
  await expect(page.getByLabel("현재 비밀번호")).toHaveValue("");

  // This browser is still signed in; the other one is not.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("내 계정");
  await otherPage.goto("/account");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await expect(otherPage.getByRole("banner").getByRole("link", { name: "로그인", exact: true })).toBeVisible();
  await other.close();
});

test("/account is never kept by a shared cache", async ({ page }) => {
  await signUp(page);
  const response = await page.goto("/account");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
});

test("회원 탈퇴 asks first, deletes the account and its products, signs out, and the login then fails", async ({ page }) => {
  const email = await signUp(page);
  const productName = `탈퇴 전 상품 ${Date.now()}`;
  await page.getByLabel("상품명").fill(productName);
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page.getByText("상품이 등록되었습니다.").first()).toBeVisible();

  await page.goto("/account");
  await page.getByRole("button", { name: "회원 탈퇴" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("정말 탈퇴하시겠습니까? 등록한 상품과 찜 목록이 삭제됩니다.");
  await dialog.getByRole("button", { name: "취소" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/account$/);

  await page.getByRole("button", { name: "회원 탈퇴" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "회원 탈퇴" }).click();
  await expect(page).toHaveURL(/\/list$/);
  await expect(page.getByText("탈퇴가 완료되었습니다.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "내 계정" })).toHaveCount(0);

  await page.goto(`/products?q=${encodeURIComponent(productName)}`);
  await expect(page.getByText(productName)).toHaveCount(0);

  await logIn(page, email, PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "로그인 실패: 이메일 또는 비밀번호를 확인해주세요." })).toBeVisible();
});

test("without JavaScript 회원 탈퇴 asks again on the page before deleting", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const email = uniqueEmail("nojs");
  await page.goto("/signup");
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(PASSWORD);
  await page.getByRole("button", { name: "회원가입" }).click();
  await page.goto("/account");
  await page.getByRole("button", { name: "회원 탈퇴" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "정말 탈퇴하시겠습니까? 등록한 상품과 찜 목록이 삭제됩니다." })).toBeVisible();
  await page.getByRole("button", { name: "회원 탈퇴" }).click();
  await expect(page).toHaveURL(/\/list$/);
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "로그인 실패" })).toBeVisible();
  await context.close();
});

test("a forgotten password is reset from the mailed link, once", async ({ page }) => {
  const email = await signUp(page);
  await signOut(page);

  await page.goto("/login");
  await page.getByRole("link", { name: "비밀번호를 잊으셨나요?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("비밀번호 찾기");
  const before = mailCount();
  await page.getByLabel("이메일").fill(email);
  await page.getByRole("button", { name: "재설정 메일 보내기" }).click();
  const answer = "입력한 주소로 가입된 계정이 있으면 재설정 안내 메일을 보냈습니다.";
  await expect(page.getByRole("status").filter({ hasText: answer })).toBeVisible();

  // An address without an account reads exactly the same.
  await page.goto("/forgot-password");
  await page.getByLabel("이메일").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "재설정 메일 보내기" }).click();
  await expect(page.getByRole("status").filter({ hasText: answer })).toBeVisible();

  const link = await mailedLink(email, "/reset-password", before);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("비밀번호 재설정");
  await page.getByLabel("새 비밀번호").fill("reset-horse-battery");
  await page.getByRole("button", { name: "비밀번호 변경" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("비밀번호가 변경되었습니다. 다시 로그인해 주세요.")).toBeVisible();

  await logIn(page, email, "reset-horse-battery");
  await page.waitForURL("**/add");

  await page.goto(link);
  await expect(page.getByText("링크가 만료되었거나 이미 사용되었습니다.")).toBeVisible();
  await page.goto(`/reset-password?token=${"x".repeat(10 * 1024)}`);
  await expect(page.getByText("링크가 만료되었거나 이미 사용되었습니다.")).toBeVisible();
});

test("an ADMIN_EMAILS address becomes an admin only after the mailed link is opened", async ({ page }) => {
  const before = mailCount();
  await signUp(page, "owner@example.com");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/list$/);
  await expect(page.getByText("관리자만 접근할 수 있는 페이지입니다.")).toBeVisible();
  await page.goto("/account");
  await expect(page.getByText("이 주소는 관리자 주소로 지정되어 있습니다.", { exact: false })).toBeVisible();

  await proveAddress(page, "owner@example.com", before);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("이메일 주소를 확인했습니다. 관리자 권한이 적용되었습니다.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "관리자", exact: true })).toBeVisible();

  // The link works once.
  await page.goto(await mailedLink("owner@example.com", "/verify-email", before));
  await expect(page.getByText("링크가 만료되었거나 이미 사용되었습니다.")).toBeVisible();
});
