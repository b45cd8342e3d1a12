import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { guides } from "#content/guides/all-guides.ts";
import type { Guide } from "#content/guides/guide-types.ts";
import { GuideArticle } from "./guide-article.tsx";
import { renderInline } from "./guide-inline.tsx";

const render = (guide: Guide) => renderToStaticMarkup(<GuideArticle guide={guide} />);
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;|&#x27;/g, "'");

test("the eight contract slugs exist, each with its own title and description", () => {
  expect(guides.map((g) => g.slug).sort()).toEqual(
    [
      "ad-strategy",
      "algorithm-strategy",
      "detailpage-strategy",
      "keyword-strategy",
      "promotion-strategy",
      "review-strategy",
      "traffic-strategy",
      "trend-strategy",
    ].sort(),
  );
  expect(new Set(guides.map((g) => g.title)).size).toBe(8);
  expect(new Set(guides.map((g) => g.description)).size).toBe(8);
});

test.each(guides.map((g) => [g.slug, g] as const))(
  "%s renders one h1, a table of contents that matches its sections, and no leftover markup",
  (_slug, guide) => {
    const html = render(guide);
    const h1s = [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)];
    expect(h1s).toHaveLength(1);
    expect(textOf(h1s[0]?.[1] ?? "")).toBe(guide.title);

    const tocTargets = [...html.matchAll(/<a href="#([^"]+)"/g)].map((m) => m[1]);
    const sectionIds = [...html.matchAll(/<h2 id="([^"]+)"/g)]
      .map((m) => m[1])
      .filter((id) => id !== "toc-heading" && id !== "guide-sources");
    expect(tocTargets).toEqual(guide.sections.map((s) => s.id));
    expect(sectionIds).toEqual(tocTargets);

    // Every table is labelled and has column headers.
    const tables = html.match(/<table[\s\S]*?<\/table>/g) ?? [];
    for (const table of tables) {
      expect(table).toMatch(/<caption[^>]*>[^<]+<\/caption>/);
      expect(table).toMatch(/<th scope="col"/);
    }
    // Outside links open in a new tab without handing over window.opener.
    for (const link of html.match(/<a [^>]*href="http[^"]*"[^>]*>/g) ?? []) {
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
    }
    const text = textOf(html);
    expect(text).not.toContain("**");
    expect(text).not.toMatch(/\]\(https?:/);
    // The sources close the article, after the last section.
    expect(html.lastIndexOf('id="guide-sources"')).toBeGreaterThan(html.lastIndexOf(`id="${guide.sections.at(-1)?.id}"`));
  },
);

/** The text a reader gets: intro and every block, without markup, title or table of contents. */
const bodyText = (guide: Guide) =>
  textOf(
    [
      guide.intro,
      ...guide.sections.flatMap((s) =>
        s.blocks.flatMap((b) => ("text" in b ? [b.text] : "items" in b ? b.items : [b.caption, ...b.head, ...b.rows.flat()])),
      ),
    ]
      .join("\n")
      .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
      .replace(/\*\*/g, ""),
  );

test.each(guides.map((g) => [g.slug, g] as const))(
  "%s: reviewed on a real past day, at least three dated sources, at least 2,500 characters",
  (_slug, guide) => {
    const today = new Date().toISOString().slice(0, 10);
    expect(guide.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${guide.updatedAt}T00:00:00Z`).toISOString().slice(0, 10)).toBe(guide.updatedAt); // no 2026-02-30
    expect(guide.updatedAt <= today).toBe(true);
    expect(guide.sources.length).toBeGreaterThanOrEqual(3);
    expect(new Set(guide.sources.map((s) => s.url)).size).toBe(guide.sources.length);
    for (const source of guide.sources) {
      for (const value of [source.name, source.publisher, source.date]) expect(value.trim()).not.toBe("");
      expect(source.date <= today || !/^\d/.test(source.date)).toBe(true);
      expect(new URL(source.url).protocol).toMatch(/^https?:$/);
      // No source older than 2024 unless it is marked as historical; an undated page says when it was read.
      const year = /^(\d{4})/.exec(source.date)?.[1];
      if (year) expect(Number(year) >= 2024 || source.historical === true, `${source.name} (${source.date})`).toBe(true);
      else
        expect(
          source.historical === true || (source.readOn !== undefined && source.readOn >= "2024-01-01" && source.readOn <= today),
          source.name,
        ).toBe(true);
    }
    // Official pages first.
    const officialFlags = guide.sources.map((s) => s.official === true);
    expect(officialFlags, "official sources come before the others").toEqual([...officialFlags].sort((a, b) => Number(b) - Number(a)));
    const html = render(guide);
    expect(html).toContain("참고한 자료");
    for (const source of guide.sources) expect(html).toContain(source.url.replace(/&/g, "&amp;"));
    expect(bodyText(guide).length).toBeGreaterThanOrEqual(2500);
  },
);

test("no invented yardsticks: the traffic guide has no click or conversion rate table, the ad guide's budget table is labelled an example", () => {
  const traffic = bodyText(guides.find((g) => g.slug === "traffic-strategy")!);
  expect(traffic).not.toMatch(/클릭률\(일반적 범위\)|전환율\(일반적 범위\)/);
  expect(traffic).toContain("마케팅 링크");
  const ads = bodyText(guides.find((g) => g.slug === "ad-strategy")!);
  expect(ads).toMatch(/5,000원/);
  expect(ads).toMatch(/가정/);
  expect(ads).not.toMatch(/마진율은[^.]*금액으로 계산/);
  const keywords = bodyText(guides.find((g) => g.slug === "keyword-strategy")!);
  expect(keywords).not.toMatch(/4개에서 8개 정도의 키워드/);
  expect(keywords).toMatch(/50자/);
  const trend = bodyText(guides.find((g) => g.slug === "trend-strategy")!);
  expect(trend).toMatch(/초록누리/);
  expect(render(guides.find((g) => g.slug === "promotion-strategy")!)).toMatch(/<table/);
});

test("inline markup becomes elements; anything else stays text, never HTML", () => {
  const html = renderToStaticMarkup(
    <p>
      {renderInline(
        "**굵게** [링크](https://example.com/a?b=1&c=2) <img src=x onerror=alert(1)> [나쁜 링크](javascript:alert(1)) **열린 채",
      )}
    </p>,
  );
  expect(html).toBe(
    '<p><strong>굵게</strong> <a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer" class="font-medium text-blue-700 underline">링크</a> &lt;img src=x onerror=alert(1)&gt; 나쁜 링크 **열린 채</p>',
  );
  expect(renderToStaticMarkup(<p>{renderInline("**[굵은 링크](https://example.com)**")}</p>)).toContain(
    '<strong><a href="https://example.com/"',
  );
  // A page of this site opens in the same tab; a protocol-relative address is not a page of this site.
  expect(renderToStaticMarkup(<p>{renderInline("[계산기](/tools/margin) [밖](//evil.example/x)")}</p>)).toBe(
    '<p><a href="/tools/margin" class="font-medium text-blue-700 underline">계산기</a> 밖</p>',
  );
});

test("the 2026-11-26 fact-check: each wrong or dated claim is corrected in the guides", () => {
  const body = (slug: string) => bodyText(guides.find((g) => g.slug === slug)!);
  // F2/T2: 2.73% is charged on every order not credited to 판매자 마케팅, and the 정산 screen's own name for it.
  const traffic = body("traffic-strategy");
  expect(traffic).toContain("판매자 마케팅으로 인정되지 않는 모든 주문");
  expect(traffic).toContain("매출연동수수료(판매수수료)");
  expect(traffic).not.toMatch(/네이버플러스 스토어를 통해 들어온 일반 주문은/);
  // T6: no unsourced yardstick for communities.
  expect(traffic).not.toMatch(/클릭률과 전환율이 높은 편/);
  // P4: one schedule: selection 4~6 weeks ahead, pre-registration 2~3 weeks ahead.
  const promotion = guides.find((g) => g.slug === "promotion-strategy")!;
  for (const text of [promotion.description, promotion.intro, body("promotion-strategy")]) expect(text).toMatch(/4~6주 전/);
  expect(body("promotion-strategy")).not.toMatch(/2~3주 전에 사전 등록과 준비를 시작/);
  // G6, K3 and 클린프로그램: the 2025-12-02 grade change and the 2026-02-04 attribute rule.
  const algorithm = body("algorithm-strategy");
  for (const text of ["2025년 12월 2일", "굿서비스 점수", "클린프로그램", "2026년 2월 4일"]) expect(algorithm).toContain(text);
  expect(algorithm).not.toMatch(/가능한 한 모두 입력/);
  const keyword = body("keyword-strategy");
  expect(keyword).toContain("2026년 2월 4일");
  // K2: the 2016 스토어팜 tag rule is gone with its source.
  expect(keyword).not.toMatch(/최대 10개/);
  // A5 and the ROAS wording.
  const ads = body("ad-strategy");
  expect(ads).toContain("주문 기준");
  expect(ads).toContain("ROAS(광고비 대비 매출)");
  expect(ads).not.toContain("브랜드사용 광고");
  // D4: the total shown first includes shipping.
  expect(body("detailpage-strategy")).toMatch(/세금·수수료·배송비까지 반드시 내야 하는 총금액/);
});

test("Korean: tip boxes keep one style (합니다, not a 하세요 mixed in), headings are not sentences, 어뷰징 is glossed at first use", () => {
  for (const guide of guides) {
    for (const section of guide.sections) {
      for (const block of section.blocks) {
        if (block.type === "tip") {
          // A quoted example (‘…’) speaks to a customer in its own voice: only the guide's own sentences count.
          const endings = block.text
            .replace(/‘[^’]*’/g, "")
            .split(/(?<=[.?!])\s+/)
            .map((sentence) => (/세요\.$/.test(sentence) ? "세요" : /니다\.$/.test(sentence) ? "니다" : "other"));
          expect(new Set(endings.filter((e) => e !== "other")).size, `${guide.slug}: ${block.text.slice(0, 40)}`).toBeLessThanOrEqual(1);
        }
        if (block.type === "h3") expect(block.text, guide.slug).not.toMatch(/니다$/);
      }
    }
    const text = bodyText(guide);
    const first = text.indexOf("어뷰징");
    if (first >= 0) expect(text.slice(first, first + 30), guide.slug).toMatch(/^어뷰징\(/);
  }
});

test("the source list says when an undated page was read and marks an older page kept on purpose", () => {
  const html = render(guides.find((g) => g.slug === "algorithm-strategy")!);
  expect(textOf(html)).toMatch(/게시일 미표기, 2026\. 11\. 26\. 확인/);
  expect(textOf(html)).toMatch(/2017-07-25 \(규정이 나올 당시의 자료\)/);
});

test("the sources a seller reads are Korean pages: the review guide cites the 공정위's own release, and every date has a year", () => {
  const bySlug = (slug: Guide["slug"]) => guides.find((g) => g.slug === slug)!;
  const review = bySlug("review-strategy").sources;
  expect(review[0]).toMatchObject({ publisher: "공정거래위원회", official: true });
  expect(new URL(review[0]?.url ?? "").hostname).toBe("www.ftc.go.kr");
  for (const guide of guides) {
    for (const source of guide.sources) {
      // A title in another language is a page a Korean seller cannot check against Naver's own words.
      expect(source.name, `${guide.slug}: ${source.name}`).not.toMatch(/^[\x20-\x7e]{12}/);
      expect(source.date, `${guide.slug}: ${source.name}`).not.toMatch(/연도 미표기/);
    }
  }
});
