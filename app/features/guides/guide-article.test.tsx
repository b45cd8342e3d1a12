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
    ["ad-strategy", "algorithm-strategy", "detailpage-strategy", "keyword-strategy", "promotion-strategy", "review-strategy", "traffic-strategy", "trend-strategy"].sort(),
  );
  expect(new Set(guides.map((g) => g.title)).size).toBe(8);
  expect(new Set(guides.map((g) => g.description)).size).toBe(8);
});

test.each(guides.map((g) => [g.slug, g] as const))("%s renders one h1, a table of contents that matches its sections, and no leftover markup", (_slug, guide) => {
  const html = render(guide);
  const h1s = [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)];
  expect(h1s).toHaveLength(1);
  expect(textOf(h1s[0]?.[1] ?? "")).toBe(guide.title);

  const tocTargets = [...html.matchAll(/<a href="#([^"]+)"/g)].map((m) => m[1]);
  const sectionIds = [...html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]).filter((id) => id !== "toc-heading");
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
  // "At least 1,500 characters of body text" (issue 5), counted without the title and table of contents.
  const body = guide.intro + guide.sections.flatMap((s) => s.blocks.map((b) => JSON.stringify(b))).join("");
  expect(textOf(body).length).toBeGreaterThanOrEqual(1500);
});

test("the figures the product spec names are in the guides as tables", () => {
  const traffic = render(guides.find((g) => g.slug === "traffic-strategy")!);
  for (const figure of ["4~8%", "2~4%", "1~3%", "1~2%", "3~7%", "3~5%", "5~10%", "4~8%"]) expect(traffic).toContain(figure);
  const ads = textOf(render(guides.find((g) => g.slug === "ad-strategy")!));
  expect(ads).toMatch(/5,000원/);
  expect(ads).toMatch(/10,000원/);
  expect(render(guides.find((g) => g.slug === "promotion-strategy")!)).toMatch(/<table/);
});

test("inline markup becomes elements; anything else stays text, never HTML", () => {
  const html = renderToStaticMarkup(
    <p>{renderInline('**굵게** [링크](https://example.com/a?b=1&c=2) <img src=x onerror=alert(1)> [나쁜 링크](javascript:alert(1)) **열린 채')}</p>,
  );
  expect(html).toBe(
    '<p><strong>굵게</strong> <a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer" class="font-medium text-blue-700 underline">링크</a> &lt;img src=x onerror=alert(1)&gt; 나쁜 링크 **열린 채</p>',
  );
  expect(renderToStaticMarkup(<p>{renderInline("**[굵은 링크](https://example.com)**")}</p>)).toContain("<strong><a href=\"https://example.com/\"");
});
