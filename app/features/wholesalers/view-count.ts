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
