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
    }
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
