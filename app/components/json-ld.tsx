import { useNonce } from "#app/lib/nonce.ts";

/**
 * JSON for a `<script type="application/ld+json">`: characters that could end the script or start
 * markup (<, >, &) and the two JavaScript line separators are written as \u escapes, so text from a
 * note title can never close the tag.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Structured data for search engines, as the script's text (no raw HTML injection), with the CSP nonce. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return (
    // Browsers hide the nonce after parsing, so the client's empty value differs on purpose.
    <script type="application/ld+json" nonce={nonce || undefined} suppressHydrationWarning>
      {serializeJsonLd(data)}
    </script>
  );
}

type ArticleInput = {
  headline: string;
  description: string;
  url: string;
  datePublished?: string | null;
  dateModified?: string | null;
  author: string;
  publisher: string;
};

/** schema.org Article for a guide or a seller note. */
export function articleJsonLd({ headline, description, url, datePublished, dateModified, author, publisher }: ArticleInput) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: headline.slice(0, 110),
    description,
    inLanguage: "ko-KR",
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    ...(datePublished ? { datePublished } : {}),
    ...(dateModified ? { dateModified } : {}),
    author: { "@type": "Organization", name: author },
    publisher: { "@type": "Organization", name: publisher },
  };
}
