import { guides } from "../../content/guides/all-guides.ts";
import { expect, signInAsAdmin, test } from "./fixtures.ts";

test("the seller information centre: policy cards, the eight guides, the tools table and the latest notes", async ({ page }) => {
  const response = await page.goto("/seller-info");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("셀러 정보센터");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText(["정책 지원", "셀링 인사이트", "셀러 도구", "셀러 노트"]);

  const policy = page.getByRole("region", { name: "정책 지원" });
  await expect(policy.getByRole("listitem")).toHaveCount(5);
  // Each card's own link goes to the programme's official site; a card that states a condition also cites its pages.
  const officialLinks = await policy.getByRole("link", { name: /바로가기/ }).all();
  expect(officialLinks).toHaveLength(5);
  for (const link of officialLinks) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(await link.getAttribute("href")).toMatch(
      /^https:\/\/(www\.[a-z0-9]+\.(go|or)\.kr|www\.sbiz24\.kr|sell\.smartstore\.naver\.com)\/$/,
    );
  }
  const naverCard = policy.getByRole("listitem").filter({ hasText: "빠른정산" });
  await expect(naverCard).toContainText("월 거래 20건 이상이 3개월 이어지고 반품률이 20% 미만");
  for (const source of await naverCard.getByRole("link", { name: /\(\d{4}-\d{2}-\d{2}\)$/ }).all()) {
    await expect(source).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(naverCard.getByRole("link", { name: /\(\d{4}-\d{2}-\d{2}\)$/ })).toHaveCount(2);
  await expect(page.getByRole("region", { name: "셀러 도구" }).getByRole("link", { name: "마진 계산기" })).toHaveAttribute(
    "href",
    "/tools/margin",
  );

  const insight = page.getByRole("region", { name: "셀링 인사이트" });
  for (const guide of guides) {
    await expect(insight.getByRole("link").filter({ hasText: guide.title })).toHaveAttribute("href", `/sellinginsight/${guide.slug}`);
  }

  const table = page.getByRole("region", { name: "셀러 도구" }).getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["분류", "도구", "요약", "추천 셀러 유형", "무료/유료", "링크"]);
  const rows = table.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(12);
  for (const name of [
    "네이버 데이터랩",
    "네이버 검색광고 키워드 도구",
    "블랙키위",
    "판다랭크",
    "아이템스카우트",
    "구글 트렌드",
    "쿠팡 Wing",
  ]) {
    await expect(table.getByRole("rowheader", { name, exact: true })).toBeVisible();
  }
  await expect(table.getByRole("link").first()).toHaveAttribute("rel", "noopener noreferrer");

  const notes = page.getByRole("region", { name: "셀러 노트" });
  await expect(notes.getByRole("link", { name: "위탁판매 시작 전 체크리스트" })).toBeVisible();
  await expect(notes.getByRole("link", { name: "글쓰기" })).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/seller-info$/);

  await signInAsAdmin(page);
  await page.goto("/seller-info");
  await expect(page.getByRole("region", { name: "셀러 노트" }).getByRole("link", { name: "글쓰기" })).toHaveAttribute(
    "href",
    "/admin/sellernote-add",
  );
});

test("every guide renders with its own h1, table of contents, tables, meta tags and Article data", async ({ page }) => {
  for (const guide of guides) {
    const response = await page.goto(`/sellinginsight/${guide.slug}`);
    expect(response?.status(), guide.slug).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title);
    expect((await page.title()).startsWith(guide.title), await page.title()).toBe(true);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", guide.description);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/sellinginsight/${guide.slug}$`));

    const toc = page.getByRole("navigation", { name: "목차" });
    await expect(toc.getByRole("link")).toHaveCount(guide.sections.length);
    for (const section of guide.sections) {
      await expect(page.locator(`h2#${section.id}`)).toHaveText(section.heading);
    }
    const tables = guide.sections.flatMap((s) => s.blocks).filter((b) => b.type === "table");
    await expect(page.getByRole("main").locator("table caption")).toHaveCount(tables.length);

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({ "@type": "Article", headline: guide.title });
  }

  // The table of contents jumps to its section.
  await page.goto("/sellinginsight/traffic-strategy");
  await page.getByRole("navigation", { name: "목차" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/#channel-table$/);
  const outside = page.getByRole("main").locator('a[href^="http"]').first();
  await expect(outside).toHaveAttribute("target", "_blank");
  await expect(outside).toHaveAttribute("rel", "noopener noreferrer");
});

test("an unknown guide is a 404", async ({ page }) => {
  const response = await page.goto("/sellinginsight/no-such-guide");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("가이드를 찾을 수 없습니다.");
});

test("sitemap.xml is an index whose files list a note and a wholesaler that exist, with dates; robots.txt points to it", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/sellernote");
  const noteHref = await page.getByRole("main").getByRole("listitem").first().getByRole("link").getAttribute("href");
  expect(noteHref).toMatch(/^\/sellernote\/\d+$/);

  // /sitemap.xml is the index of the sitemap's files (at most 50,000 addresses each).
  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toMatch(/application\/xml/);
  const files = [...(await index.text()).matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  expect(files.slice(0, 2)).toEqual([`${baseURL}/sitemap.xml?part=pages`, `${baseURL}/sitemap.xml?part=wholesalers-1`]);
  let xml = "";
  for (const file of files) {
    const part = await request.get(file);
    expect(part.headers()["content-type"]).toMatch(/application\/xml/);
    xml += await part.text();
  }
  expect(xml).toContain(`<loc>${baseURL}${noteHref}</loc><lastmod>`);
  for (const path of ["/list", "/products", "/seller-info", "/sellernote", ...guides.map((g) => `/sellinginsight/${g.slug}`)]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }

  const wholesalerUrls = [...xml.matchAll(/<loc>([^<]+\/wholesaler\/\d+)<\/loc><lastmod>[^<]+<\/lastmod>/g)].map((m) => m[1]!);
  expect(wholesalerUrls.length).toBeGreaterThan(0);
  // The listed wholesaler really exists: its page answers 200 with its name as the heading.
  const wholesaler = await page.goto(wholesalerUrls[0]!);
  expect(wholesaler?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
