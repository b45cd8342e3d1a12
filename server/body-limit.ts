/**
 * Request bodies are bounded before the app reads them. A write to a page may send at most its class's
 * limit (app/lib/body-limits.ts): a body that declares more is refused at once, a chunked one is
 * counted while it arrives and refused when it passes the limit. The body that fits is kept as one
 * Buffer for the app; a refused one is read on and thrown away (so the client gets the Korean 413
 * page instead of a reset connection) for a few seconds at most, then the connection is closed.
 */
import type { NextFunction, Request, Response } from "express";
import { bodyLimitFor, isFormContentType, TOO_LARGE_MESSAGE, UNSUPPORTED_TYPE_MESSAGE } from "../app/lib/body-limits.ts";
import { log } from "../app/lib/log.server.ts";

const DISCARD_FOR_MS = 5_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

function refusalPage(title: string) {
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | 도매온</title></head><body style="font-family:sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem;text-align:center"><main><h1 style="font-size:1.4rem">${title}</h1><p><a href="/list">첫 화면으로 가기</a></p></main></body></html>`;
}

function refuse(req: Request, res: Response, status: 413 | 415, message: string) {
  log.warn(status === 413 ? "request body too large" : "unsupported request body", {
    requestId: req.headers["x-request-id"],
    path: req.path,
    contentType: req.headers["content-type"],
    contentLength: req.headers["content-length"],
  });
  // A page's own data request (`/admin/import.data`, sent by the app's JavaScript) gets the sentence as
  // text: the page shows it as its error message, where an HTML page would be shown as markup.
  if (req.path.endsWith(".data")) {
    res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.send(message);
  } else {
    res.status(status).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.send(refusalPage(message));
  }
  // Read the rest without keeping it, briefly, then let the connection go.
  req.removeAllListeners("data");
  req.on("data", () => {});
  req.on("error", () => {});
  const timer = setTimeout(() => req.destroy(), DISCARD_FOR_MS);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  req.resume();
}

export function limitBody() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const declared = req.headers["content-length"] === undefined ? undefined : Number(req.headers["content-length"]);
    const hasBody = (declared !== undefined && declared > 0) || req.headers["transfer-encoding"] !== undefined;
    if (hasBody && !isFormContentType(req.headers["content-type"])) return refuse(req, res, 415, UNSUPPORTED_TYPE_MESSAGE);
    const limit = bodyLimitFor(req.path, SESSION_COOKIE.test(req.headers.cookie ?? ""));
    if (declared !== undefined && (!Number.isFinite(declared) || declared > limit)) return refuse(req, res, 413, TOO_LARGE_MESSAGE);

    const chunks: Buffer[] = [];
    let total = 0;
    let refused = false;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        refused = true;
        req.off("data", onData);
        req.off("end", onEnd);
        chunks.length = 0;
        refuse(req, res, 413, TOO_LARGE_MESSAGE);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (refused) return;
      res.locals.body = Buffer.concat(chunks, total);
      next();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", (error) => {
      if (!refused) next(error);
    });
  };
}
