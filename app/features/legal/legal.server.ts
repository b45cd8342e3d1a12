import { env } from "#app/lib/env.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";

/**
 * What /terms and /privacy say about the operator: every name, address and date comes from the site configuration
 * (config/site.json → legal, business), so an operator changes them without touching code.
 */
export function legalPageData() {
  const config = siteConfig();
  return {
    siteName: config.siteName,
    operator: config.business,
    disclosure: config.disclosure,
    legal: config.legal,
    // Only a site served over https may say that its traffic is encrypted (the session cookie is Secure then too).
    https: env().publicUrl.startsWith("https://"),
  };
}

export type LegalPageData = ReturnType<typeof legalPageData>;
