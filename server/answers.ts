/**
 * The answers the Express layer gives by itself, before or instead of the app: a refused body (413, 415) and
 * a database outage (503). A page gets a small Korean page; the app's own data request (`/admin/import.data`,
 * sent by its JavaScript) gets the sentence as text, which the page shows as its error message where an HTML
 * page would be shown as markup.
 */
import type { Request, Response } from "express";
import type { UnavailableCause } from "../app/db/request-context.server.ts";
import { metrics, unavailableLabel } from "../app/lib/metrics.server.ts";

export const UNAVAILABLE_MESSAGE = "지금은 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.";
/** Seconds a client is asked to wait after a 503: about how long a database restart or fail-over takes. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;

function page(title: string) {
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | 도매온</title></head><body style="font-family:sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem;text-align:center"><main><h1 style="font-size:1.4rem">${title}</h1><p><a href="/list">첫 화면으로 가기</a></p></main></body></html>`;
}

/** Answers `status` with `message` (never stored by a cache), as a page or, for a `.data` request, as text. */
export function sendShortAnswer(req: Request, res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  const dataRequest = req.path.endsWith(".data");
  res.status(status).set({
    "Content-Type": dataRequest ? "text/plain; charset=utf-8" : "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    ...headers,
  });
  res.send(dataRequest ? message : page(message));
}

/**
 * 503 with Retry-After: the database did not answer, or no connection was free (pages and `.data` requests alike).
 * The cause stays with the answer for its log line (`unavailableCauseOf`) and is counted in /metrics
 * (`domae_unavailable_answers_total`); the client is told nothing more.
 */
export function sendUnavailable(req: Request, res: Response, cause: UnavailableCause) {
  noteUnavailable(res, cause);
  metrics.unavailable.inc({ cause: unavailableLabel(cause) });
  sendShortAnswer(req, res, 503, UNAVAILABLE_MESSAGE, { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
}

/** Marks `res` as a 503 for `cause` and sets its Retry-After (/readyz answers with its own body). */
export function noteUnavailable(res: Response, cause: UnavailableCause) {
  res.locals.unavailableCause = cause;
  res.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
}

/** Why `res` answered 503 (pool exhausted, database down, draining), or undefined: the request log's `unavailableCause`. */
export function unavailableCauseOf(res: Response): UnavailableCause | undefined {
  return res.locals.unavailableCause as UnavailableCause | undefined;
}
