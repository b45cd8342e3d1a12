// node bench/font-shift.ts [path …]: how far each page's text moves when Pretendard replaces the fallback.
// Lays every page out twice in Chromium (412 px wide, like Lighthouse's phone): once with the web font's
// files refused (the fallback faces of app/font-fallback.css, as on a first visit before they arrive) and
// once with Pretendard loaded, and compares the boxes of the text elements. Uses the production build in
// BUILD_DIR on a fresh embedded database with the demo content; BENCH_PORT (default 3400). Which fallback
// the browser uses depends on the fonts the machine has: FONTCONFIG_FILE can point Chromium at others
// (docs/performance.md, "Font").
import fs from "node:fs";
import { chromium } from "playwright";
import { ensureBuild, startServer, stopServer, tempDataDir } from "./server-process.ts";

ensureBuild();
const dir = tempDataDir("font-shift");
const server = await startServer(Number(process.env.BENCH_PORT || 3400), { DATA_DIR: dir });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", env: { ...process.env } as Record<string, string> });
const argv = process.argv.slice(2);
const pages = argv.length ? argv : ["/list", "/wholesaler/1", "/products", "/sellernote/1", "/seller-info", "/sellinginsight/ad-strategy"];
async function layout(url: string, block: boolean) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  if (block) await page.route(/\.woff2/, (r) => r.abort());
  await page.goto(server.base + url, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => {
    const els = [...document.querySelectorAll("h1,h2,h3,p,li,a,span,button,footer")].slice(0, 400);
    return {
      height: document.documentElement.scrollHeight,
      boxes: els.map((e) => {
        const b = e.getBoundingClientRect();
        return [Math.round(b.top), Math.round(b.height)];
      }),
    };
  });
  await ctx.close();
  return r;
}
for (const url of pages) {
  const a = await layout(url, true),
    b = await layout(url, false);
  let moved = 0,
    maxDy = 0;
  for (const [i, box] of a.boxes.entries()) {
    const other = b.boxes[i];
    if (!other) continue;
    const d = Math.abs(box[0]! - other[0]!) + Math.abs(box[1]! - other[1]!);
    if (d > 1) moved++;
    maxDy = Math.max(maxDy, d);
  }
  console.log(
    `${url}: page height ${a.height} px with the fallback, ${b.height} px with Pretendard; ${moved} of ${a.boxes.length} text boxes move, by up to ${maxDy} px`,
  );
}
await browser.close();
await stopServer(server);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
