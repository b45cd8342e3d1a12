import { expect, test } from "vitest";
import { decodeEntities, findOgImage } from "./og-meta.ts";

const page = new URL("https://shop.example.com/goods/view?id=7");
const head = (tags: string) =>
  `<!doctype html><html><head><title>t</title>${tags}</head><body><meta property="og:image" content="/body.png"></body></html>`;

test("og:image in any attribute order, quote style and case, resolved against the page", () => {
  expect(findOgImage(head(`<meta property="og:image" content="https://cdn.example.com/a.png">`), page)).toBe(
    "https://cdn.example.com/a.png",
  );
  expect(findOgImage(head(`<meta content='/img/a.png' property='og:image' />`), page)).toBe("https://shop.example.com/img/a.png");
  expect(findOgImage(head(`<META PROPERTY=og:image CONTENT=a.png>`), page)).toBe("https://shop.example.com/goods/a.png");
  expect(findOgImage(head(`<meta\n  name="og:image"\n  content="//cdn.example.com/b.jpg">`), page)).toBe("https://cdn.example.com/b.jpg");
});

test("entities are decoded and a > inside quotes does not end the tag", () => {
  expect(findOgImage(head(`<meta property="og:image" content="/a.png?w=1&amp;h=2&#38;q=3&#x26;r=4">`), page)).toBe(
    "https://shop.example.com/a.png?w=1&h=2&q=3&r=4",
  );
  expect(findOgImage(head(`<meta data-x="a>b" property="og:image" content="/c.png">`), page)).toBe("https://shop.example.com/c.png");
  expect(decodeEntities("&lt;&gt;&quot;&apos;&#0;&unknown;")).toBe(`<>"'\ufffd&unknown;`);
});

test("fallbacks in order: og:image, og:image:url, og:image:secure_url, twitter:image", () => {
  const tags = `<meta name="twitter:image" content="/t.png"><meta property="og:image:secure_url" content="/s.png"><meta property="og:image:url" content="/u.png">`;
  expect(findOgImage(head(tags), page)).toBe("https://shop.example.com/u.png");
  expect(findOgImage(head(`<meta name="twitter:image" content="/t.png">`), page)).toBe("https://shop.example.com/t.png");
  expect(findOgImage(head(`${tags}<meta property="og:image" content="/o.png">`), page)).toBe("https://shop.example.com/o.png");
});

test("unusable values fall through to the next candidate, and the caller's check applies", () => {
  const tags = `<meta property="og:image" content="javascript:alert(1)"><meta property="og:image" content=""><meta property="og:image" content="data:image/png;base64,AAAA"><meta property="og:image:url" content="http://10.0.0.1/x.png"><meta name="twitter:image" content="/ok.png">`;
  expect(findOgImage(head(tags), page, (url) => url.hostname !== "10.0.0.1")).toBe("https://shop.example.com/ok.png");
  expect(findOgImage(head(`<meta property="og:image" content="javascript:alert(1)">`), page)).toBeNull();
});

test("only the head counts: tags in the body, comments and scripts are ignored", () => {
  expect(findOgImage(head(""), page)).toBeNull();
  expect(findOgImage(head(`<!-- <meta property="og:image" content="/comment.png"> -->`), page)).toBeNull();
  expect(findOgImage(head(`<script>var s = '<meta property="og:image" content="/script.png">';</script>`), page)).toBeNull();
  expect(findOgImage(head(`<meta property="og:description" content="/no.png">`), page)).toBeNull();
});

test("<base href> changes what relative addresses mean", () => {
  expect(findOgImage(head(`<base href="https://static.example.com/assets/"><meta property="og:image" content="a.png">`), page)).toBe(
    "https://static.example.com/assets/a.png",
  );
});

// No timing assertion (the machines are shared and noisy): a scan that backtracked on these inputs would
// run for minutes and fail on the test timeout instead.
test("a hostile head does not make the scan slow", () => {
  const hostile = `<head>${`<meta content="${"x".repeat(50)}`.repeat(20_000)}`;
  expect(findOgImage(hostile, page)).toBeNull();
  expect(findOgImage(`<head>${"<script>".repeat(100_000)}`, page)).toBeNull();
  expect(findOgImage(`<head>${"<!--".repeat(100_000)}${"<meta ".repeat(100_000)}`, page)).toBeNull();
  expect(findOgImage(`<head>${"<meta a=b ".repeat(100_000)}`, page)).toBeNull();
});
