import { randomBytes, randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** The admin's seller-note editor pages (app/routes.ts), the only pages that may show pictures from other sites. */
const NOTE_EDITOR_PATH = /^\/admin\/sellernote-(add|edit\/\d+)\/?$/;

/**
 * Every answer's security headers, and what the app learns of the request from us alone: a fresh CSP nonce, a
 * request id and the client's address (as the trusted proxies tell it), written over whatever a client sent
 * under those names.
 */
export function securityHeaders({ dev = false, httpsOrigin, imageOrigin }: { dev?: boolean; httpsOrigin: boolean; imageOrigin?: string }) {
  // Our picture files may come from a CDN (IMAGE_BASE_URL, docs/decisions/0033): that one origin, no other.
  const pictureOrigin = imageOrigin ? ` ${new URL(imageOrigin).origin}` : "";
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    const requestId = randomUUID();
    req.headers["x-csp-nonce"] = nonce;
    req.headers["x-request-id"] = requestId;
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.setHeader("X-Request-Id", requestId);
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
        "style-src 'self' 'unsafe-inline'",
        // Pictures of other sites are served as our own copies (docs/decisions/0023): a page never makes the
        // visitor's browser ask another site. The note editor is the exception: an admin pasting a picture's
        // address sees it while writing (the saved note shows our copy once it is made).
        NOTE_EDITOR_PATH.test(req.path) ? "img-src 'self' data: https:" : `img-src 'self' data:${pictureOrigin}`,
        "font-src 'self'",
        `connect-src 'self'${dev ? " ws:" : ""}`,
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    if (httpsOrigin) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
