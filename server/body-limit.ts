/**
 * Request bodies are bounded before the app reads them. A write to a page may send at most its class's
 * limit (app/lib/body-limits.ts); the large classes only with a verified session (seller notes and uploads an
 * admin's, the evidence forms any account's), checked against the database before a byte of the body is read. A body that declares more
 * than its limit is refused at once; the rest is handed to the app as a stream and counted as it passes,
 * and refused when it passes the limit. Nothing is buffered here: the form reader (app/lib/form.server.ts)
 * reads what the action asks for, within the same limit. A refused body is read on and thrown away (so the
 * client gets the Korean 413 page instead of a reset connection) for a few seconds at most, then the
 * connection is closed.
 */
import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import {
  bodyClassOf,
  bodyLimitFor,
  isFormContentType,
  SESSION_CLASSES,
  TOO_LARGE_MESSAGE,
  UNSUPPORTED_TYPE_MESSAGE,
  type VerifiedSession,
} from "../app/lib/body-limits.ts";
import { log } from "../app/lib/log.server.ts";
import { sendShortAnswer } from "./answers.ts";

const DISCARD_FOR_MS = 5_000;
/** A cookie named like Better Auth's session cookie: only then is a session looked up at all. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** The signed-in session the request's headers carry, and its role (one look-up in the session table). */
export type SessionRoleCheck = (req: Request) => Promise<VerifiedSession>;

function refuse(req: Request, res: Response, status: 413 | 415, message: string) {
  log.warn(status === 413 ? "request body too large" : "unsupported request body", {
    requestId: req.headers["x-request-id"],
    path: req.path,
    contentType: req.headers["content-type"],
    contentLength: req.headers["content-length"],
  });
  if (res.headersSent) {
    // The app already answered (an action that never read its body): nothing left to say.
    req.destroy();
    return;
  }
  sendShortAnswer(req, res, status, message);
  discardRest(req);
}

/**
 * Reads the rest of a body without keeping it, so the client gets its answer instead of a reset connection:
 * for a few seconds and up to `limit` more bytes at most, then the connection is closed.
 */
function discardRest(req: Request, limit = Number.POSITIVE_INFINITY) {
  req.unpipe();
  req.removeAllListeners("data");
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) req.destroy();
  });
  req.on("error", () => {});
  const timer = setTimeout(() => req.destroy(), DISCARD_FOR_MS);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  req.resume();
}

/**
 * The body as a Web stream for the app, counted as the app reads it. Past `limit` the client gets the 413
 * page and the app's stream fails (its answer, if any, is dropped: the 413 went first).
 */
function countedBody(req: Request, res: Response, limit: number) {
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total <= limit) return callback(null, chunk);
      refuse(req, res, 413, TOO_LARGE_MESSAGE);
      callback(new Error("request body too large"));
    },
  });
  counter.on("error", () => {});
  req.on("error", (error) => counter.destroy(error));
  req.pipe(counter);
  // The app may answer without reading all of its body (a button that posts nothing it needs, an upload
  // refused for want of an admin): the rest, up to the limit, is read and dropped so the connection can serve
  // the next request; a client that sends more, or for longer, is disconnected.
  // A body refused past its limit is already being read on and dropped by `refuse`; a second discard from here
  // would start with a negative allowance and reset the connection under the client's 413.
  res.once("finish", () => {
    if (req.readableEnded || total > limit) return;
    counter.destroy();
    discardRest(req, limit - total);
  });
  return createReadableStreamFromReadable(counter);
}

export function limitBody({ sessionOf }: { sessionOf: SessionRoleCheck }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const declared = req.headers["content-length"] === undefined ? undefined : Number(req.headers["content-length"]);
    const hasBody = (declared !== undefined && declared > 0) || req.headers["transfer-encoding"] !== undefined;
    if (hasBody && !isFormContentType(req.headers["content-type"])) return refuse(req, res, 415, UNSUPPORTED_TYPE_MESSAGE);
    const kind = bodyClassOf(req.path);
    let session: VerifiedSession = null;
    if (SESSION_CLASSES.includes(kind) && SESSION_COOKIE.test(req.headers.cookie ?? "")) {
      // The body waits in the socket (paused) while the session is looked up.
      try {
        session = await sessionOf(req);
      } catch (error) {
        return next(error);
      }
    }
    const limit = bodyLimitFor(req.path, session);
    if (declared !== undefined && (!Number.isFinite(declared) || declared > limit)) return refuse(req, res, 413, TOO_LARGE_MESSAGE);
    if (hasBody) res.locals.body = countedBody(req, res, limit);
    next();
  };
}
