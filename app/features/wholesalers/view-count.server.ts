import { createHmac } from "node:crypto";
import { createIsbotFromList, list } from "isbot";

/**
 * isbot's list without its bare "headless" pattern: a headless browser with no bot token is how
 * automated journeys and page-preview tools show a page to a person. Crawlers that announce themselves
 * (Googlebot, Yeti, Daum, link unfurlers, Lighthouse) are still left out.
 */
const isbot = createIsbotFromList(list.filter((pattern) => pattern !== "headless"));

/**
 * Whether a request to a detail page is a person looking at it: not a HEAD, not a link prefetch or
 * prerender (`Sec-Purpose` / `Purpose`), not a known crawler or bot.
 */
export function countsAsView(request: Request) {
  if (request.method !== "GET") return false;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""} ${request.headers.get("x-purpose") ?? ""}`;
  if (/prefetch|prerender|preview/i.test(purpose)) return false;
  const userAgent = request.headers.get("user-agent");
  return !(userAgent && isbot(userAgent));
}

/**
 * Who is looking, for counting a view once a day: the signed-in account (`userId`, from a session the
 * database confirmed, never the cookie's bare value: anyone can send a thousand made-up cookies), else the
 * client address (server/app.ts sets it from the socket or the trusted proxy). Kept only as a keyed hash that
 * changes every day, so the table holds no address and yesterday's keys cannot be linked to today's.
 */
export function visitorKey(request: Request, userId: string | null, secret: string, day: string) {
  const who = userId ? `u:${userId}` : `a:${request.headers.get("x-client-ip") ?? "unknown"}`;
  return createHmac("sha256", secret).update(`${day}\n${who}`).digest("base64url").slice(0, 32);
}
