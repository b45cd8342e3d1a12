/**
 * schema.org `Product` of a product page (/product/{id}): its name, address, description and picture (our own copy,
 * an absolute address), and an `Offer` in won when it has a price, sold by its supplier when the listing is public.
 * Rendered through components/json-ld.tsx, which escapes `<`, `>` and `&`, so a name can never close the script.
 */
export function productJsonLd({
  name,
  summary,
  price,
  url,
  image,
  supplier,
}: {
  name: string;
  summary: string;
  price: number | null;
  url: string;
  image: string | null;
  supplier: string | null;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    url,
    ...(summary.trim() ? { description: summary.trim() } : {}),
    ...(image ? { image } : {}),
    ...(price !== null
      ? {
          offers: {
            "@type": "Offer",
            price,
            priceCurrency: "KRW",
            url,
            ...(supplier ? { seller: { "@type": "Organization", name: supplier } } : {}),
          },
        }
      : {}),
  };
}
