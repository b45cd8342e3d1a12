import { expect, fillSignUp, PASSWORD, signInAsAdmin, signOut, signUp, test, uniqueEmail } from "./fixtures.ts";

const AD_WORDS = ["에어컨", "안마 소파", "생수 12개입", "백팩", "캐리어", "에너지 드링크"];

test("the layout: Korean page, header links for a visitor, two different ads, disclosure and footer", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/list$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("도매 사이트 목록");
  const header = page.getByRole("banner");
  for (const name of ["도매 사이트 목록", "상품 검색", "셀러 정보센터", "로그인", "회원가입"]) {
    await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(header.getByRole("link", { name: "관리자" })).toHaveCount(0);
  await expect(header.getByRole("button", { name: "로그아웃" })).toHaveCount(0);

  const ads = page.getByRole("complementary", { name: "광고" });
  await expect(ads).toHaveCount(2);
  const names = await ads.allTextContents();
  const words = names.map((text) => AD_WORDS.find((word) => text.includes(word)));
  expect(words.every(Boolean)).toBe(true);
  expect(words[0]).not.toBe(words[1]);
  await expect(ads.first().getByRole("link")).toHaveAttribute("rel", "sponsored noopener noreferrer");

  await expect(page.getByText("이 페이지는 제휴 마케팅 활동의 일환으로 일정액의 수수료를 제공받습니다.")).toBeVisible();
  await expect(page.getByText(/^광고 문의: /)).toBeVisible();
  for (const label of ["상호", "대표자", "통신판매업 신고번호", "이메일", "전화", "주소", "사업자등록번호", "호스팅서비스 제공자"]) {
    await expect(page.getByRole("contentinfo").getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("contentinfo").getByRole("link", { name: /사업자정보확인/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.ftc\.go\.kr\/bizCommPop\.do\?wrkr_no=\d{10}$/,
  );
});

test("on a phone the ads sit below the content instead of disappearing", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/list");
  const mainBox = await page.getByRole("main").boundingBox();
  const ads = page.getByRole("complementary", { name: "광고" });
  await expect(ads.first()).toBeVisible();
  for (const ad of await ads.all()) {
    const box = await ad.boundingBox();
    expect(box!.y).toBeGreaterThan(mainBox!.y);
  }
});

test("signup → logout → login → logout, with toasts that survive redirects", async ({ page }) => {
  const email = await signUp(page);
  await expect(page.getByText("회원가입이 완료되었습니다.")).toBeVisible();
  await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
  await expect(page.getByRole("link", { name: "로그인", exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "로그아웃" }).click();
  await expect(page.getByText("로그아웃되었습니다.")).toBeVisible();
  await expect(page.getByRole("link", { name: "로그인", exact: true })).toBeVisible();

  await page.goto("/login");
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill("wrong-password");
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("로그인 실패: 이메일 또는 비밀번호를 확인해 주세요.");

  await page.getByLabel("비밀번호").fill(PASSWORD);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page.getByText("로그인 성공!").first()).toBeVisible();
  await page.waitForURL("**/add");
});

test("signup explains a short password and a taken address in Korean", async ({ page }) => {
  const email = await signUp(page);
  await signOut(page);
  await page.goto("/signup");
  // The browser's own minlength check would stop a person; submit past it to see the server's message.
  await page.locator("main form").evaluate((form: HTMLFormElement) => form.setAttribute("novalidate", ""));
  await fillSignUp(page, uniqueEmail(), "short");
  await expect(page.getByText("비밀번호는 8자 이상이어야 합니다.")).toBeVisible();
  await expect(page.getByLabel("비밀번호")).toHaveAttribute("aria-invalid", "true");
  await fillSignUp(page, email);
  await expect(page.getByText("이미 가입된 이메일입니다.")).toBeVisible();
  await expect(page.getByLabel("이메일")).toHaveAttribute("aria-invalid", "true");
});

test("admin page: anonymous is sent to login, a user is sent home, the admin gets in", async ({ page, request }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);
  await expect(page.getByText("로그인이 필요합니다.")).toBeVisible();

  await signUp(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/list$/);
  await expect(page.getByText("관리자만 접근할 수 있는 페이지입니다.")).toBeVisible();
  await signOut(page);

  await signInAsAdmin(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("도매처 관리");
  await expect(page.getByRole("banner").getByRole("link", { name: "관리자" })).toBeVisible();

  const anonymousPost = await request.post("/admin", {
    form: { name: "x" },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect([401, 403]).toContain(anonymousPost.status());
});

test("an unknown address shows the Korean 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("페이지를 찾을 수 없습니다.");
});

test("health and readiness endpoints answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(ready.headers()["cache-control"]).toBe("no-store");
});
