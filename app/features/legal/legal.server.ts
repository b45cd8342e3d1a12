import { env } from "#app/lib/env.server.ts";
import { adDisclosure, siteConfig } from "#app/lib/site-config.server.ts";

/**
 * What /terms and /privacy say about the operator: every name, address and date comes from the site configuration
 * (config/site.json → legal, business), so an operator changes them without touching code.
 */
export function legalPageData() {
  const config = siteConfig();
  return {
    siteName: config.siteName,
    operator: config.business,
    disclosure: adDisclosure(config),
    legal: { ...config.legal, processors: activeProcessors() },
    // Only a site served over https may say that its traffic is encrypted (the session cookie is Secure then too).
    https: env().publicUrl.startsWith("https://"),
    // With read replicas a write answers with the 저장 확인 cookie (server/read-routing.ts): the policy names it then.
    wroteCookie: env().replicaUrls.length > 0,
  };
}

export type LegalPageData = ReturnType<typeof legalPageData>;

/**
 * The processors the service uses with the settings it runs with: the mail service (`role: "mail"`) only while
 * SMTP_URL sends mail through it (without it, mails go to the server's own log).
 */
export function activeProcessors() {
  const sendsMail = Boolean(env().SMTP_URL);
  return siteConfig().legal.processors.filter((processor) => processor.role !== "mail" || sendsMail);
}

/**
 * At start: a server that sends mail through SMTP_URL must name that mail service in the privacy policy. Throws a
 * one-line error naming the setting and the file to fix.
 */
export function checkProcessorsListed() {
  if (env().SMTP_URL && !siteConfig().legal.processors.some((processor) => processor.role === "mail")) {
    throw new Error(
      'SMTP_URL is set but config/site.json legal.processors names no mail service (add one with "role": "mail") — 메일을 보내는 서비스를 개인정보 처리 위탁에 적어 주세요.',
    );
  }
}
