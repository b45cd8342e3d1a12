/**
 * First-load JavaScript of a page: the scripts and modulepreloads its HTML names (the build's /assets/ and the
 * files of public/, such as the script-free pages' small module), gzip-compressed, read from the production
 * build, and the inline scripts it carries. Shared by `npm run bench` and the size budgets in `npm test`.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export function scriptPaths(html: string) {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(match[1] as string);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(match[1] as string);
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) found.add(match[1] as string);
  for (const match of html.matchAll(/from "([^"]+\.js)"/g)) found.add(match[1] as string);
  // Same-origin paths only (a protocol-relative `//host/…` is another site), query strings cut off.
  return [...found]
    .filter((p) => p.startsWith("/") && !p.startsWith("//") && p.split("?")[0]?.endsWith(".js"))
    .map((p) => p.split("?")[0] as string);
}

/**
 * The code of the page's inline scripts: every `<script>` without `src` whose type runs as JavaScript (none, a
 * JavaScript MIME type or `module`); JSON-LD and speculation rules are data, not code.
 */
export function inlineScripts(html: string) {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc=/i.test(attributes)) continue;
    const type = /\stype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (type === "" || type === "module" || type === "text/javascript" || type === "application/javascript") found.push(match[2] ?? "");
  }
  return found;
}

export function firstLoadJs(html: string, buildDir = process.env.BUILD_DIR || "build") {
  let gzipBytes = 0;
  const files = scriptPaths(html);
  for (const file of files) {
    const content = fs.readFileSync(path.join(buildDir, "client", file));
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  const inline = inlineScripts(html).join("");
  const inlineGzipBytes = inline ? gzipSync(inline, { level: 9 }).length : 0;
  return { files, gzipBytes, inlineGzipBytes };
}

/**
 * Whether any of the page's scripts is React, React DOM or React Router code: React's element symbol, React DOM's
 * hydration root, or the router's own globals. A script-free page (ADR 0031) must name none.
 */
export function includesFramework(files: string[], html = "", buildDir = process.env.BUILD_DIR || "build") {
  const framework = /react\.transitional\.element|react\.element|hydrateRoot|__reactRouter/;
  if (framework.test(inlineScripts(html).join("\n"))) return true;
  return files.some((file) => framework.test(fs.readFileSync(path.join(buildDir, "client", file), "utf8")));
}

/** Whether any of the page's scripts contains the rich-text editor. */
export function includesEditor(files: string[], buildDir = process.env.BUILD_DIR || "build") {
  return files.some((file) => /tiptap|prosemirror/i.test(fs.readFileSync(path.join(buildDir, "client", file), "utf8")));
}

/**
 * The `<img>` tags of a page's HTML that lack a numeric width or height: without both, the browser
 * cannot reserve the image's box before it loads, and the content below moves when it arrives.
 */
export function imagesWithoutSize(html: string) {
  return [...html.matchAll(/<img\b[^>]*>/gi)].map((m) => m[0]).filter((tag) => !/\swidth="\d+"/i.test(tag) || !/\sheight="\d+"/i.test(tag));
}

/**
 * The `<img>` and `<source>` tags (a `<picture>`'s AVIF candidates) of a page's HTML that would make the
 * browser ask another site: a `src` or a `srcset` candidate that is an absolute or protocol-relative
 * address. Our pictures are same-origin paths (`/images/…`, `/ads/…`) or `data:`; CSP `img-src 'self'
 * data:` would refuse the rest anyway.
 */
export function imagesFromElsewhere(html: string) {
  return [...html.matchAll(/<(?:img|source)\b[^>]*>/gi)]
    .map((m) => m[0])
    .filter((tag) => {
      const src = /\ssrc="([^"]*)"/i.exec(tag)?.[1] ?? "";
      const srcset = /\ssrcset="([^"]*)"/i.exec(tag)?.[1] ?? "";
      const candidates = [src, ...srcset.split(",").map((entry) => entry.trim().split(/\s+/)[0] ?? "")].filter(Boolean);
      return candidates.some((address) => /^([a-z][a-z0-9+.-]*:|\/\/|\\\\)/i.test(address.trim()) && !/^data:/i.test(address.trim()));
    });
}
