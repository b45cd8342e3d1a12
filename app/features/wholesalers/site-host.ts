/** "https://www.Domeggook.com/main" → "domeggook.com": how the import recognises an existing supplier. */
export function siteHostOf(url: string | null | undefined) {
  if (!url) return "";
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
}
