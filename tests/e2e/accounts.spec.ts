import {
  expect,
  fillSignUp,
  mailCount,
  mailedLink,
  oneTimeMessage,
  PASSWORD,
  proveAddress,
  signOut,
  signUp,
  test,
  uniqueEmail,
} from "./fixtures.ts";

async function logIn(page: import("@playwright/test").Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
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
  await expect(page.getByText("비밀번호가 변경되었습니다.")).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
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
  await page.goto("/add");
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
  await expect(page.getByRole("alert").filter({ hasText: "로그인 실패: 이메일 또는 비밀번호를 확인해 주세요." })).toBeVisible();
});

test("without JavaScript 회원 탈퇴 asks again on the page before deleting", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const email = uniqueEmail("nojs");
  await page.goto("/signup");
  await fillSignUp(page, email);
  await page.waitForURL("**/list");
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
  await expect(page.getByText(answer)).toBeVisible();

  // An address without an account reads exactly the same.
  await page.goto("/forgot-password");
  await page.getByLabel("이메일").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "재설정 메일 보내기" }).click();
  await expect(page.getByText(answer)).toBeVisible();

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

test("an ADMIN_EMAILS address becomes an admin only after the mailed link is opened", async ({ page, browser, baseURL }) => {
  const before = mailCount();
  await signUp(page, "owner@example.com");
  await expect(page.getByText("관리자 주소 확인 메일을 보냈습니다.", { exact: false })).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/list$/);
  await expect(page.getByText("관리자만 접근할 수 있는 페이지입니다.")).toBeVisible();
  await page.goto("/account");
  await expect(page.getByText("이 주소는 관리자 주소로 지정되어 있습니다.", { exact: false })).toBeVisible();

  // Opened in another browser (the mailbox's owner, not signed in as that account): the page names the account
  // and when it was made, and has no button; only the way to sign in, or to take the account back.
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  await other.goto(await mailedLink("owner@example.com", "/verify-email", before));
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("이메일 주소 확인");
  await expect(other.getByText("owner@example.com", { exact: true })).toBeVisible();
  await expect(other.getByText("가입 일시", { exact: true })).toBeVisible();
  await expect(other.getByRole("button", { name: "이메일 주소 확인하기" })).toHaveCount(0);
  await expect(other.getByText("이 계정으로 로그인한 브라우저에서만 확인할 수 있습니다.")).toBeVisible();
  await expect(other.getByRole("link", { name: "이 계정으로 로그인하고 계속하기" })).toHaveAttribute(
    "href",
    /^\/login\?redirectTo=%2Fverify-email/,
  );
  await elsewhere.close();

  await proveAddress(page, "owner@example.com", before);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("이메일 주소를 확인했습니다. 관리자 권한이 적용되었습니다.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "관리자", exact: true })).toBeVisible();

  // The link works once.
  await page.goto(await mailedLink("owner@example.com", "/verify-email", before));
  await expect(page.getByText("링크가 만료되었거나 이미 사용되었습니다.")).toBeVisible();
});

test("without JavaScript, changing the password keeps this browser signed in and says so", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const email = uniqueEmail("nojs-password");
  await page.goto("/signup");
  await fillSignUp(page, email);
  await page.waitForURL("**/list");

  await page.goto("/account");
  await page.getByLabel("현재 비밀번호").fill(PASSWORD);
  await page.getByLabel("새 비밀번호").fill("nojs-new-horse");
  await page.getByRole("button", { name: "비밀번호 변경" }).click();
  // Before the fix the page was drawn with the ended session and went to /login.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("내 계정");
  await expect(oneTimeMessage(page, "비밀번호가 변경되었습니다.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("내 계정");
  await context.close();

  // The new password is the one that works now.
  const fresh = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const check = await fresh.newPage();
  await logIn(check, email, "nojs-new-horse");
  await check.waitForURL("**/add");
  await fresh.close();
});

test("the sign-up asks for each consent, refuses common passwords, and a direct POST without them is refused", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/signup");
  const items = ["[필수] 이용약관 동의", "[필수] 개인정보 수집·이용 동의", "[필수] 만 14세 이상입니다", "[선택] 새 소식 메일 받기"];
  // `전체 동의` ticks each item and follows them.
  await page.getByLabel("전체 동의").check();
  for (const item of items) await expect(page.getByLabel(item, { exact: true })).toBeChecked();
  await page.getByLabel("[선택] 새 소식 메일 받기", { exact: true }).uncheck();
  await expect(page.getByLabel("전체 동의")).not.toBeChecked();
  const form = page.getByRole("main");
  await expect(form.getByRole("link", { name: "이용약관" })).toHaveAttribute("href", "/terms");
  await expect(form.getByRole("link", { name: "개인정보처리방침" })).toHaveAttribute("href", "/privacy");

  await fillSignUp(page, uniqueEmail("common"), "qwer1234");
  await expect(page.getByText("너무 흔한 비밀번호입니다. 다른 비밀번호를 정해 주세요.")).toBeVisible();
  await expect(page.getByLabel("비밀번호")).toHaveAttribute("aria-invalid", "true");

  const email = uniqueEmail("no-consent");
  const refused = await request.post("/signup", {
    headers: { origin: baseURL ?? "", "content-type": "application/x-www-form-urlencoded" },
    form: { email, password: PASSWORD, agreeTerms: "yes", agreeNews: "yes" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("필수 항목에 모두 동의해 주세요.");
  // Nothing was created: the same address signs up once it consents.
  await page.goto("/signup");
  await fillSignUp(page, email);
  await page.waitForURL("**/list");
  await page.goto("/account");
  const consents = page.locator("section", { has: page.getByRole("heading", { name: "동의 내역" }) });
  await expect(consents).toContainText("새 소식 메일 받기");
  await consents.getByRole("button", { name: "동의 철회" }).click();
  await expect(page.getByText(/새 소식 메일 받기 동의를 철회했습니다\./)).toBeVisible();
});

for (const javaScriptEnabled of [true, false]) {
  test(`a 찜 pressed while signed out is saved after signing up, back on the same page (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, baseURL });
    const page = await context.newPage();
    await page.goto("/list");
    const firstCard = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: "상세 정보" }) })
      .first();
    const name = (await firstCard.getByRole("heading").first().textContent())?.trim() ?? "";
    await firstCard.getByRole("link", { name: "상세 정보" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const detail = new URL(page.url()).pathname;

    await page.getByRole("link", { name: "찜하기" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=.*&afterSignIn=favorite%3A\d+$/);
    await expect(page.getByText("로그인하면 누르신 도매처가 찜 목록에 저장됩니다.")).toBeVisible();
    // No account yet: on to the sign-up, which keeps both.
    await page.getByRole("link", { name: "새 계정 만들기" }).click();
    await expect(page).toHaveURL(/\/signup\?redirectTo=.*&afterSignIn=favorite%3A\d+$/);
    await expect(page.getByText("가입하면 누르신 도매처가 찜 목록에 저장됩니다.")).toBeVisible();
    await fillSignUp(page, uniqueEmail(javaScriptEnabled ? "from-favorite" : "from-favorite-nojs"));

    await expect(page).toHaveURL(new RegExp(`${detail}$`));
    await expect(oneTimeMessage(page, "회원가입이 완료되었습니다. 찜 목록에 저장했습니다.")).toBeVisible();
    await expect(page.getByRole("button", { name: "찜 해제" })).toHaveAttribute("aria-pressed", "true");
    await page.goto("/favorites");
    await expect(page.getByRole("main").getByRole("heading", { name, exact: true })).toBeVisible();
    await context.close();
  });
}
