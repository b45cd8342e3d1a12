/**
 * Confines a redirect target to this site. Only a plain absolute path is followed, after its dot
 * segments are resolved: no scheme, no host, no backslash, no control characters (browsers drop tabs and newlines, so "/\t/evil.com"
 * would become "//evil.com"), no encoded slashes or backslashes.
 */
export function safeRedirectPath(target: unknown, fallback: string): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\\\u0000-\u001f\u007f\s]/.test(target)) return fallback;
  if (/%(2f|5c|09|0a|0d|00)/i.test(target)) return fallback;
  try {
    const base = "http://site.invalid";
    const resolved = new URL(target, base);
    if (resolved.origin !== base) return fallback;
    const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
    // Dot segments can leave two slashes in front ("/..//evil.example" → "//evil.example"): as a
    // Location header that is another site. The result itself must resolve to this site.
    if (path.startsWith("//") || new URL(path, base).origin !== base) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/**
 * The page a form was posted from, to send the browser back to it. With JavaScript, React Router posts
 * to the page's data URL (`/admin/reports.data`, `/_root.data` for `/`, `?index` for index routes): those
 * name the page, they are not one.
 */
export function postedFromPage(request: Request, fallback: string): string {
  const url = new URL(request.url);
  let path = url.pathname.replace(/\.data$/, "");
  if (path === "/_root") path = "/";
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return safeRedirectPath(`${path}${search ? `?${search}` : ""}`, fallback);
}

/** The sign-in pages: coming from one of them says nothing about where the person was. */
const SIGN_IN_PAGES = ["/signup", "/login", "/admin-login", "/logout", "/forgot-password", "/reset-password", "/verify-email"];

/**
 * The page of this site a person came from (the `Referer` of a page load or of its data request), or null: another
 * site, a sign-in page, or anything `safeRedirectPath` refuses. The site sends `strict-origin-when-cross-origin`,
 * so a same-site referrer carries the path and the query.
 */
export function cameFromPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return null;
  }
  if (from.origin !== new URL(request.url).origin) return null;
  const path = safeRedirectPath(`${from.pathname}${from.search}`, "");
  const page = path.split("?")[0]?.replace(/\.data$/, "") ?? "";
  return path && !SIGN_IN_PAGES.includes(page) ? path : null;
}
