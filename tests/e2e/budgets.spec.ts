import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { firstLoadJs, includesEditor } from "../../bench/page-weight.ts";

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

test("every public page loads at most 130 KB of JavaScript and no editor code", async ({ request }) => {
  const wholesaler = await firstLinkTo(request, "/list", /\/wholesaler\/\d+/);
  const note = await firstLinkTo(request, "/sellernote", /\/sellernote\/\d+/);
  const guide = await firstLinkTo(request, "/seller-info", /\/sellinginsight\/[a-z0-9-]+/);
  const pages = ["/list", "/products", "/search", "/external-products", wholesaler, "/seller-info", guide, "/sellernote", note, "/login", "/signup"];

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
