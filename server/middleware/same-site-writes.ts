import type { NextFunction, Request, Response } from "express";
import { log } from "../../app/lib/log.server.ts";

/**
 * Refuses writes that another site started (security-checklist 25). React Router checks its own actions' Origin;
 * this covers resource routes and requests without an Origin header too (then `Sec-Fetch-Site` decides).
 */
export function refuseCrossSiteWrites(publicOrigin: URL | null) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.headers.origin;
    const sameSite = origin ? origin === requestOrigin(req, publicOrigin) : req.headers["sec-fetch-site"] !== "cross-site";
    if (sameSite) return next();
    log.warn("cross-site write refused", { requestId: req.headers["x-request-id"], path: req.path, origin });
    res.status(403).type("text/plain; charset=utf-8").send("다른 사이트에서 보낸 요청은 처리할 수 없습니다.");
  };
}

/**
 * The origin this request was made to, as the browser saw it: PUBLIC_URL when the Host is its host (so an https
 * site behind a TLS-terminating proxy works without trusting any header), else the scheme and host Express
 * derives, which include X-Forwarded-Proto/-Host only from trusted proxies.
 */
export function requestOrigin(req: Request, publicOrigin: URL | null) {
  if (publicOrigin && req.headers.host === publicOrigin.host) return publicOrigin.origin;
  const host = (req.host || "localhost").split(/[\\/?#@\s]/)[0] || "localhost";
  return `${req.protocol}://${host}`;
}
