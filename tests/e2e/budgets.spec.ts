import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { firstLoadJs, imagesFromElsewhere, imagesWithoutSize, includesEditor, includesFramework } from "../../bench/page-weight.ts";
import { startStandInImages } from "../stand-in-images.ts";
import { signUp } from "./fixtures.ts";

// Issue 6: at most 130 KB (130,000 bytes) of JavaScript, gzip-compressed, before a page that hydrates is
// interactive, and never the rich-text editor. Issue 25 (ADR 0031): a page that needs no JavaScript ships no
// framework code and at most 10 KB (10,000 bytes) of script in all, its inline scripts included. Measured from
// the production build the server runs (BUILD_DIR, default build): the scripts and modulepreloads each page's
// HTML names.
const FIRST_LOAD_JS_BUDGET = 130_000;
const SCRIPT_FREE_BUDGET = 10_000;

async function firstLinkTo(request: import("@playwright/test").APIRequestContext, page: string, pattern: RegExp) {
  const html = await (await request.get(page)).text();
  const found = html.match(pattern)?.[0];
  expect(found, `${page} links to a detail page`).toBeTruthy();
  return found as string;
}

/** The pages sent without React (their routes' `handle = SCRIPT_FREE`); /favorites is checked signed in below. */
async function scriptFreePages(request: import("@playwright/test").APIRequestContext) {
  const wholesaler = await firstLinkTo(request, "/list", /\/wholesaler\/\d+/);
  const note = await firstLinkTo(request, "/sellernote", /\/sellernote\/\d+/);
  const guide = await firstLinkTo(request, "/seller-info", /\/sellinginsight\/[a-z0-9-]+/);
  const product = await firstLinkTo(request, "/products", /\/product\/\d+/);
  return [
    "/list",
    product,
    "/list?q=%EB%8F%84%EB%A7%A4&filter=dropshipping",
    "/products",
    "/search",
    "/external-products",
    wholesaler,
    "/compare",
    "/seller-info",
    guide,
    "/sellernote",
    note,
    "/terms",
    "/privacy",
    "/tools/margin",
    "/updates",
    "/data",
  ];
}

/** The public pages that keep React (a form that is better with it, or a calculator). */
async function hydratingPages(request: import("@playwright/test").APIRequestContext) {
  const wholesaler = await firstLinkTo(request, "/list", /\/wholesaler\/\d+/);
  return [`${wholesaler}/report`, "/login", "/signup"];
}

async function publicPages(request: import("@playwright/test").APIRequestContext) {
  return [...(await scriptFreePages(request)), ...(await hydratingPages(request))];
}

function checkScriptFree(path: string, html: string) {
  const js = firstLoadJs(html);
  expect(includesFramework(js.files, html), `${path} must not load React or React Router (${js.files.join(", ")})`).toBe(false);
  expect(html, `${path} has no modulepreload`).not.toMatch(/rel="modulepreload"/);
  expect(html, `${path} has no hydration data`).not.toContain("__reactRouter");
  return js.gzipBytes + js.inlineGzipBytes;
}

test("every script-free page ships no framework code and at most 10 KB of script", async ({ request, page }) => {
  const sizes: Record<string, number> = {};
  for (const path of await scriptFreePages(request)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    sizes[path] = checkScriptFree(path, await response.text());
  }
  // The 404 page, and the signed-in pages (찜 목록, 거래 후기 쓰기, 위탁 조건 제보).
  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  sizes["/no-such-page"] = checkScriptFree("/no-such-page", await missing.text());
  await signUp(page);
  const wholesaler = await firstLinkTo(request, "/list", /\/wholesaler\/\d+/);
  for (const path of ["/favorites", `${wholesaler}/review`, `${wholesaler}/terms-report`]) {
    const signedIn = await page.request.get(path);
    expect(signedIn.status(), path).toBe(200);
    sizes[path] = checkScriptFree(path, await signedIn.text());
  }

  const over = Object.entries(sizes).filter(([, bytes]) => bytes > SCRIPT_FREE_BUDGET);
  expect(over, `script gzip bytes per script-free page: ${JSON.stringify(sizes)}`).toEqual([]);
});

test("every page that hydrates loads at most 130 KB of JavaScript and no editor code", async ({ request }) => {
  const sizes: Record<string, number> = {};
  for (const path of await hydratingPages(request)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const { files, gzipBytes } = firstLoadJs(html);
    expect(files.length, `${path} names its scripts`).toBeGreaterThan(0);
    // The framework check sees the framework where it is (the guard of the script-free test above).
    expect(includesFramework(files, html), `${path} hydrates with React`).toBe(true);
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

// Issue 16: the visitor's browser never loads a picture from another site. A product saved with an
// outside picture (a stand-in host on 127.0.0.1) shows our /images/ copy once the job has made it.
test("pictures come from our own origin: an outside picture becomes /images/… with its size", async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const host = await startStandInImages({ photoCount: 1 });
  try {
    await signUp(page);
    const name = `사진 상품 ${Date.now().toString(36)}`;
    await page.goto("/add");
    await page.getByLabel("상품명").fill(name);
    await page.getByLabel("이미지 URL").fill(host.url("/photo-0.jpg"));
    await page.getByRole("button", { name: "등록하기" }).click();
    await expect(page.getByText("상품이 등록되었습니다.")).toBeVisible();

    const listing = `/products?q=${encodeURIComponent(name)}`;
    // The job runs in the server's own runner: pending (placeholder) first, then our copy.
    await expect
      .poll(async () => /<img\b[^>]*src="\/images\/[0-9a-f]{32}-card\.webp"/.test(await (await request.get(listing)).text()), {
        timeout: 45_000,
      })
      .toBe(true);

    const outside: string[] = [];
    page.on("request", (sent) => {
      if (!sent.url().startsWith(new URL(page.url()).origin) && !sent.url().startsWith("data:")) outside.push(sent.url());
    });
    await page.goto(listing);
    const picture = page.getByRole("article").filter({ hasText: name }).locator("img");
    await expect(picture).toHaveAttribute("width", "400");
    await expect(picture).toHaveAttribute("height", "300");
    await expect(picture).toHaveAttribute("srcset", /-card\.webp 400w, \/images\/[0-9a-f]{32}-detail\.webp 800w$/);
    // A browser that takes AVIF (Chromium does) picks from the <picture>'s AVIF source: our own files too.
    const avif = page.getByRole("article").filter({ hasText: name }).locator('picture > source[type="image/avif"]');
    await expect(avif).toHaveAttribute(
      "srcset",
      /^\/images\/[0-9a-f]{32}-cardavif\.avif 400w, \/images\/[0-9a-f]{32}-cardavif2x\.avif 800w$/,
    );
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // At 1280×720 and 1x a card is under 200 px wide (sizes counts the ad columns out): the 400-px AVIF.
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/images\/[0-9a-f]{32}-cardavif\.avif$/);
    expect(outside).toEqual([]);
    const requestsToHost = host.server.requests.length;

    const file = await request.get((await picture.getAttribute("src")) ?? "");
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/webp");
    expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await file.body()).length).toBeLessThanOrEqual(25 * 1024);
    const avifFile = await request.get(((await avif.getAttribute("srcset")) ?? "").split(" ")[0] ?? "");
    expect(avifFile.status()).toBe(200);
    expect(avifFile.headers()["content-type"]).toBe("image/avif");
    expect(avifFile.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await avifFile.body()).length).toBeLessThan((await file.body()).length);
    expect((await request.get("/images/..%2F..%2Fpackage.json")).status()).toBe(404);
    expect((await request.get(`/images/${"0".repeat(32)}-card.webp`)).status()).toBe(404);

    // A phone (Lighthouse's 412 px at 1.75x): a 380-px card needs the 800-px AVIF.
    const phone = await browser.newContext({ baseURL, viewport: { width: 412, height: 915 }, deviceScaleFactor: 1.75 });
    try {
      const phonePage = await phone.newPage();
      await phonePage.goto(listing);
      const phonePicture = phonePage.getByRole("article").filter({ hasText: name }).locator("img");
      await expect.poll(() => phonePicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await phonePicture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/images\/[0-9a-f]{32}-cardavif2x\.avif$/);
    } finally {
      await phone.close();
    }

    const remote: Record<string, string[]> = {};
    for (const path of [listing, ...(await publicPages(request))]) {
      const found = imagesFromElsewhere(await (await request.get(path)).text());
      if (found.length) remote[path] = found;
    }
    expect(remote).toEqual({});
    // The picture was fetched once, by the server; showing it asked the host nothing more.
    expect(host.server.requests.length).toBe(requestsToHost);
    expect(host.server.requests.filter((path) => path === "/photo-0.jpg")).toHaveLength(1);
  } finally {
    await host.close();
  }
});

test("the outside-picture check can see a remote address", () => {
  expect(
    imagesFromElsewhere(
      '<img src="/images/a-card.webp" width="1" height="1"><img src="https://img.example.com/a.jpg"><img src="/x.webp" srcset="/x.webp 1x, //cdn.example.com/x.webp 2x"><img src="data:image/png;base64,AA==">' +
        '<picture><source type="image/avif" srcset="/images/a-cardavif.avif 400w"><source type="image/avif" srcset="/a.avif 400w, https://cdn.example.com/a.avif 800w"></picture>',
    ),
  ).toEqual([
    '<img src="https://img.example.com/a.jpg">',
    '<img src="/x.webp" srcset="/x.webp 1x, //cdn.example.com/x.webp 2x">',
    '<source type="image/avif" srcset="/a.avif 400w, https://cdn.example.com/a.avif 800w">',
  ]);
});
