import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { firstLoadJs, imagesWithoutSize, includesEditor } from "../../bench/page-weight.ts";

// Issue 6: at most 130 KB (130,000 bytes) of JavaScript, gzip-compressed, before a public page is
// interactive, and never the rich-text editor. Measured from the production build the server runs
// (BUILD_DIR, default build): the scripts and modulepreloads each page's HTML names.
const FIRST_LOAD_JS_BUDGET = 130_000;

async function firstLinkTo(request: import("@playwright/test").APIRequestContext, page: string, pattern: RegExp) {
  const html = await (await request.get(page)).text();
  const found = html.match(pattern)?.[0];
  expect(found, `${page} links to a detail page`).toBeTruthy();
  return found as string;
}

async function publicPages(request: import("@playwright/test").APIRequestContext) {
  const wholesaler = await firstLinkTo(request, "/list", /\/wholesaler\/\d+/);
  const note = await firstLinkTo(request, "/sellernote", /\/sellernote\/\d+/);
  const guide = await firstLinkTo(request, "/seller-info", /\/sellinginsight\/[a-z0-9-]+/);
  return ["/list", "/products", "/search", "/external-products", wholesaler, "/seller-info", guide, "/sellernote", note, "/login", "/signup"];
}

test("every public page loads at most 130 KB of JavaScript and no editor code", async ({ request }) => {
  const pages = await publicPages(request);

  const sizes: Record<string, number> = {};
  for (const path of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const { files, gzipBytes } = firstLoadJs(await response.text());
    expect(files.length, `${path} names its scripts`).toBeGreaterThan(0);
    expect(includesEditor(files), `${path} must not load the note editor`).toBe(false);
    sizes[path] = gzipBytes;
  }
  const over = Object.entries(sizes).filter(([, bytes]) => bytes > FIRST_LOAD_JS_BUDGET);
  expect(over, `first-load JS (gzip bytes) per page: ${JSON.stringify(sizes)}`).toEqual([]);
});

test("the editor check can see the editor (its chunk in the same build is detected)", () => {
  // Guards the detection itself: the note editor's own chunk must count as editor code.
  const assets = path.join(process.env.BUILD_DIR || "build", "client", "assets");
  const editorChunks = fs.readdirSync(assets).filter((file) => /^note-editor.*\.js$/.test(file));
  expect(editorChunks.length, "the build has a note editor chunk").toBeGreaterThan(0);
  expect(includesEditor(editorChunks.map((file) => `/assets/${file}`))).toBe(true);
});

// Issue 16: an image without width and height gets its box only when it has loaded, and the page moves.
test("every <img> in every public page's HTML has a width and a height", async ({ request }) => {
  let images = 0;
  const missing: Record<string, string[]> = {};
  for (const path of await publicPages(request)) {
    const html = await (await request.get(path)).text();
    images += html.match(/<img\b/gi)?.length ?? 0;
    const unsized = imagesWithoutSize(html);
    if (unsized.length) missing[path] = unsized;
  }
  expect(images, "the pages show images to check").toBeGreaterThan(0);
  expect(missing).toEqual({});
});

test("the image check can see a missing size", () => {
  expect(imagesWithoutSize('<p><img src="/a.webp" alt="" width="80" height="80"><img alt="" src="/b.webp" width="80"></p>')).toEqual([
    '<img alt="" src="/b.webp" width="80">',
  ]);
  expect(imagesWithoutSize('<img src="/c.webp" height="10" width="auto">')).toHaveLength(1);
});
