import fs from "node:fs";
import { CATEGORIES } from "../../app/db/categories.ts";
import routes from "../../app/routes.ts";
import { guides } from "../../content/guides/all-guides.ts";
import { expect, test } from "./fixtures.ts";

const site = JSON.parse(fs.readFileSync("config/site.json", "utf8")) as {
  business: { companyName: string; email: string; address: string };
  legal: {
    termsEffectiveDate: string;
    privacyEffectiveDate: string;
    privacyOfficer: { name: string; position: string; email: string };
    processors: { name: string; task: string; role?: string }[];
    accessLogDays: number;
  };
};
const koreanDate = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return `${y}년 ${m}월 ${d}일`;
};

test("the footer links to the terms and the privacy policy", async ({ page }) => {
  await page.goto("/list");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "이용약관", exact: true }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("이용약관");
  await page.getByRole("contentinfo").getByRole("link", { name: "개인정보처리방침", exact: true }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("개인정보처리방침");
});

test("the privacy policy: the sections the law asks for, and the operator's details from the site configuration", async ({ page }) => {
  expect((await page.goto("/privacy"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  const article = page.getByRole("main").getByRole("article");
  for (const heading of [
    "1. 개인정보의 처리 목적",
    "2. 처리하는 개인정보의 항목",
    "3. 개인정보의 처리 및 보유 기간",
    "4. 개인정보의 제3자 제공",
    "5. 개인정보 처리의 위탁",
    "6. 개인정보의 파기 절차 및 방법",
    "7. 정보주체의 권리·의무와 행사 방법",
    "8. 개인정보의 안전성 확보 조치",
    "9. 개인정보 자동 수집 장치(쿠키)의 설치·운영 및 거부",
    "10. 개인정보 보호책임자",
    "11. 권익침해 구제 방법",
    "12. 개인정보처리방침의 변경",
  ]) {
    await expect(article.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
  }
  const items = article.getByRole("region", { name: "2. 처리하는 개인정보의 항목" });
  for (const item of ["이메일 주소", "비밀번호", "상품 정보", "찜한 도매처", "요청 사유와 내용", "접속 기록"])
    await expect(items).toContainText(item);

  // Names, contacts and dates are the configuration's, not the code's.
  const officer = article.getByRole("region", { name: "10. 개인정보 보호책임자" });
  await expect(officer).toContainText(site.legal.privacyOfficer.name);
  await expect(officer).toContainText(site.legal.privacyOfficer.position);
  await expect(officer.getByRole("link", { name: site.legal.privacyOfficer.email })).toHaveAttribute(
    "href",
    `mailto:${site.legal.privacyOfficer.email}`,
  );
  const processors = article.getByRole("region", { name: "5. 개인정보 처리의 위탁" });
  // The e2e server sends mail through SMTP_URL (the stand-in mail server): the mail service is a processor too.
  for (const processor of site.legal.processors) {
    await expect(processors.getByRole("row", { name: new RegExp(processor.name) })).toContainText(processor.task);
  }
  await expect(article.getByRole("region", { name: "3. 개인정보의 처리 및 보유 기간" })).toContainText(`${site.legal.accessLogDays}일`);
  await expect(article.getByRole("region", { name: "12. 개인정보처리방침의 변경" })).toContainText(
    `${koreanDate(site.legal.privacyEffectiveDate)}부터 시행합니다`,
  );
  await expect(article).toContainText(site.business.companyName);
  await expect(article).toContainText(site.business.address);

  // How to delete one's data: 회원 탈퇴 on /account. The page says what cookies exist and denies any others.
  await expect(
    article.getByRole("region", { name: "7. 정보주체의 권리·의무와 행사 방법" }).getByRole("link", { name: "내 계정" }),
  ).toHaveAttribute("href", "/account");
  await expect(article.getByRole("region", { name: "9. 개인정보 자동 수집 장치(쿠키)의 설치·운영 및 거부" })).toContainText(
    "광고나 이용 행태 분석을 위한 쿠키와 외부 분석 도구는 쓰지 않습니다",
  );
});

test("the terms: numbered articles, 회원 탈퇴 at /account, the operator and the effective date from the configuration", async ({
  page,
}) => {
  expect((await page.goto("/terms"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  const article = page.getByRole("main").getByRole("article");
  const headings = await article.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings[0]).toBe("목차");
  // The numbered articles, then the reviews' policy (spec decisions 41-44) as a section of its own.
  expect(headings.slice(1)).toEqual([
    ...Array.from({ length: 13 }, (_, i) => expect.stringMatching(new RegExp(`^제${i + 1}조 \\(.+\\)$`))),
    "후기 운영 정책",
  ]);
  await expect(article.getByRole("region", { name: "제5조 (회원 탈퇴)" }).getByRole("link", { name: "내 계정" })).toHaveAttribute(
    "href",
    "/account",
  );
  await expect(article).toContainText(`${koreanDate(site.legal.termsEffectiveDate)}부터 시행합니다`);
  await expect(article).toContainText(site.business.companyName);
  await expect(article).toContainText(site.business.email);
});

test("icons, the web manifest and the default sharing picture are served from the site with the right types", async ({ request }) => {
  const pngSize = (body: Buffer) => ({ width: body.readUInt32BE(16), height: body.readUInt32BE(20) });

  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await ico.body()).readUInt16LE(2)).toBe(1); // an icon resource

  const touch = await request.get("/apple-touch-icon.png");
  expect(touch.headers()["content-type"]).toBe("image/png");
  expect(pngSize(await touch.body())).toEqual({ width: 180, height: 180 });

  const og = await request.get("/og-image.png");
  expect(og.headers()["content-type"]).toBe("image/png");
  expect(pngSize(await og.body())).toEqual({ width: 1200, height: 630 });

  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as {
    name: string;
    lang: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(body.name).toBe("도매온");
  expect(body.lang).toBe("ko");
  expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(body.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
  for (const icon of body.icons) {
    const response = await request.get(icon.src);
    expect(response.headers()["content-type"]).toBe(icon.type);
    const [width] = icon.sizes.split("x").map(Number);
    expect(pngSize(await response.body())).toEqual({ width, height: width });
  }
});

// Every route is either a public page (which must carry the sharing tags) or named here with the reason it is not.
const NOT_PUBLIC_PAGES = new Set([
  "/", // redirects to /list
  "/logout",
  "/add", // sign-in required, noindex
  "/account",
  "/forgot-password", // noindex: account recovery, not a page to share
  "/reset-password",
  "/verify-email",
  "/api/auth/callback/:provider", // where 카카오 and 네이버 send the browser back: a redirect, never a page
  "/edit/:id",
  "/wholesaler/:id/report", // a correction form, noindex
  "/wholesaler/:id/claim", // 공급사 인증: sign-in required, noindex
  "/wholesaler/:id/review", // 거래 후기 쓰기: sign-in required, noindex
  "/wholesaler/:id/terms-report", // 조건 제보: sign-in required, noindex
  "/wholesaler/:id/reviews/:reviewId/:act", // a review's 신고, 답변 and 게시 중단 forms, noindex
  "/supplier", // 내 도매처: sign-in required, noindex
  "/supplier/:id/edit",
  "/alerts/unsubscribe", // a mailed link's page, noindex
  "/favorites", // sign-in required, noindex
  "/admin-login",
  "/api/og-image",
  "/images/:file", // our copies of pictures, not pages
  "/sitemap.xml",
  "/robots.txt",
  "/updates.xml", // Atom feeds, named by their pages
  "/sellernote.xml",
  "/saved-searches", // 이 조건 저장 and 삭제: posts only
  "/data/suppliers.csv", // the downloads of /data
  "/data/suppliers.json",
  "/*",
]);

type RouteEntry = { path?: string; index?: boolean };
function routePaths() {
  return (routes as RouteEntry[]).map((entry) => (entry.index ? "/" : `/${entry.path ?? ""}`));
}

test("every public page in the route table has exactly one canonical link, og:url, og:title, og:description and og:image", async ({
  page,
  baseURL,
}) => {
  // Real addresses for the routes with parameters.
  await page.goto("/list");
  const wholesaler = await page.locator('main a[href^="/wholesaler/"]').first().getAttribute("href");
  await page.goto("/sellernote");
  const note = await page.locator('main a[href^="/sellernote/"]').first().getAttribute("href");
  await page.goto("/products");
  const product = await page.locator('main a[href^="/product/"]').first().getAttribute("href");
  const examples: Record<string, string> = {
    "/product/:id": String(product),
    "/wholesaler/:id": String(wholesaler),
    "/sellinginsight/:slug": `/sellinginsight/${guides[0]?.slug}`,
    "/sellernote/:id": String(note),
  };

  const publicPages = routePaths().filter((path) => !path.startsWith("/admin") && !NOT_PUBLIC_PAGES.has(path));
  expect(publicPages).toEqual(expect.arrayContaining(["/list", "/terms", "/privacy", "/login", "/signup", "/wholesaler/:id"]));
  const origin = new URL(String(baseURL)).origin;
  for (const route of publicPages) {
    const address = examples[route] ?? route;
    expect(address, `an example address for ${route}`).not.toContain(":");
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(200);
    const head = page.locator("head");
    for (const selector of [
      'link[rel="canonical"]',
      'meta[property="og:url"]',
      'meta[property="og:title"]',
      'meta[property="og:description"]',
      'meta[property="og:image"]',
    ]) {
      await expect(head.locator(selector), `${address}: ${selector}`).toHaveCount(1);
    }
    const canonical = await head.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical, address).toBe(`${origin}${address}`);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", String(canonical));
    expect(await head.locator('meta[property="og:title"]').getAttribute("content")).toBeTruthy();
    expect(await head.locator('meta[property="og:description"]').getAttribute("content")).toBeTruthy();
    const image = String(await head.locator('meta[property="og:image"]').getAttribute("content"));
    expect(image, address).toMatch(/^https?:\/\//);
  }
});

test("a canonical address keeps only the query that defines the page", async ({ page, baseURL }) => {
  const origin = new URL(String(baseURL)).origin;
  const category = CATEGORIES[0];
  await page.goto(`/list?sort=name&category=${encodeURIComponent(category)}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/list?category=${encodeURIComponent(category)}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${origin}/og-image.png`);
  await page.goto("/login?redirectTo=%2Fadd");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/login`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}/login`);
});
