import { serializeJsonLd } from "./json-ld.tsx";

/**
 * Instant navigation between the pages sent without React (ADR 0031): the Speculation Rules API prerenders a
 * same-origin link when the pointer rests on it or goes down on it (`moderate`). It is data, not code: nothing
 * runs, and a browser without the API ignores it.
 *
 * Never speculated: a page that writes or changes anything when opened or that belongs to one person's session
 * (logout, the admin pages, the account and supplier pages, the product forms, one-time links from mails), the
 * pages that hydrate (their scripts would load for nothing), files that are no page, and a supplier's page: a
 * prerendered visit is not a counted view (ADR 0005), and 인기순 would lose the views of people who hover first.
 */
const NEVER = [
  "/logout",
  "/admin",
  "/admin/*",
  "/account",
  "/supplier",
  "/supplier/*",
  "/add",
  "/edit/*",
  "/login",
  "/signup",
  "/admin-login",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/alerts/*",
  "/wholesaler/*",
  "/api/*",
  "/images/*",
  "/ads/*",
  "/assets/*",
  "/sitemap.xml",
  "/robots.txt",
];

export const SPECULATION_RULES = serializeJsonLd({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: NEVER } },
          // A link that opens elsewhere or that asks not to be followed, and any link a page opts out.
          { not: { selector_matches: "[target=_blank], [rel~=nofollow], [data-no-speculation]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

/** The rules as the script's text (escaped as JSON-LD is), with the CSP nonce. */
export function SpeculationRules({ nonce }: { nonce: string }) {
  return (
    <script type="speculationrules" nonce={nonce || undefined}>
      {SPECULATION_RULES}
    </script>
  );
}
