/**
 * Confines a redirect target to this site. Only a plain absolute path is followed: no scheme, no
 * host, no backslash, no control characters (browsers drop tabs and newlines, so "/\t/evil.com"
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
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}
