/**
 * A user-entered address is shown as a link or image only when it parses as http(s): anything else
 * (javascript:, data:, vbscript:, protocol-relative tricks) renders as no link at all.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Adds https:// when the scheme is missing ("domeggook.com" → "https://domeggook.com/"). */
export function withHttps(value: string) {
  const trimmed = value.trim();
  if (!trimmed) return "";
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, "")}`;
}
