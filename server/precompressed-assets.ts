import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The text files of a build that compress; fonts and pictures are compressed already. */
const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

/** Vite's hashed names, flat in `assets/`: nothing with a slash or `..` ever reaches the file system. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(js|css)$/;

type Compressed = { br: Buffer; gzip: Buffer; type: string };

/**
 * `/assets/*.js` and `*.css` compressed once per file and kept in memory, instead of by `compression()` on
 * every request: a page asks for ~20 scripts and the stylesheet at once, and gzipping each of them per
 * request kept the one process busy while the stylesheet waited (docs/performance.md, "Lighthouse with
 * pictures"). Brotli where the browser takes it (about 15 % smaller than gzip), gzip otherwise; a client
 * that takes neither, a name that is not a build file, or any other method falls through to
 * `express.static`. The names are content hashes, so a file never changes while the server runs.
 */
export function precompressedAssets(dir: string) {
  const cache = new Map<string, Promise<Compressed | null>>();
  const load = (name: string) => {
    let entry = cache.get(name);
    if (!entry) {
      entry = fs
        .readFile(path.join(dir, name))
        .then(async (body) => ({
          br: await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gzip: await gzip(body, { level: 9 }),
          type: TYPES[path.extname(name)]!,
        }))
        .catch(() => null);
      cache.set(name, entry);
    }
    return entry;
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!ASSET_NAME.test(name)) return next();
    // Brotli whenever it is accepted at all (browsers list gzip first with the same weight).
    const accepted = req.acceptsEncodings("br") === "br" ? "br" : req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
    if (!accepted) return next();
    const compressed = await load(name);
    if (!compressed) return next();
    const body = compressed[accepted];
    res.set({
      "Content-Type": compressed.type,
      "Content-Encoding": accepted,
      "Content-Length": String(body.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    });
    res.status(200).end(req.method === "HEAD" ? undefined : body);
  };
}
