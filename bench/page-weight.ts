/**
 * First-load JavaScript of a page: the module scripts and modulepreloads its HTML names, gzip-compressed,
 * read from the production build. Shared by `npm run bench` and the size budgets in `npm test`.
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
  return [...found].filter((p) => p.startsWith("/assets/"));
}

export function firstLoadJs(html: string, buildDir = process.env.BUILD_DIR || "build") {
  let gzipBytes = 0;
  const files = scriptPaths(html);
  for (const file of files) {
    const content = fs.readFileSync(path.join(buildDir, "client", file));
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, gzipBytes };
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
