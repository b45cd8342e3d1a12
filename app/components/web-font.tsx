/**
 * Pretendard without blocking the first paint. Its 92 `@font-face` rules (one per subset, 13.7 KB gzip
 * with their unicode ranges) load as a stylesheet of their own that a script inserts, which the browser
 * does not wait for before painting; without JavaScript the <noscript> copy loads it the ordinary way.
 * Until the subsets arrive, text shows in the metric-matched fallback faces of app/font-fallback.css (in
 * the main stylesheet), so it does not move when Pretendard swaps in.
 *
 * No subset is preloaded: measured, preloading the most-used one (subset 91) made it arrive well before
 * the others, and a page painted with some subsets in Pretendard and the rest in the fallback can wrap
 * differently from both (Lighthouse: CLS 0.021 on /list in every run, 0 without the preload), for no
 * measurable gain in FCP or LCP (docs/performance.md, "Font").
 */
import fontFaces from "pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?url";

// Plain text with no quotes, `<` or `&`, so it reads the same however it is escaped; the URL comes from the
// script's own data-href, and React renders it as text (the sanitised note body stays the only raw HTML).
const insertStylesheet =
  "(function(s){var l=document.createElement(`link`);l.rel=`stylesheet`;l.href=s.dataset.href;document.head.appendChild(l)})(document.currentScript)";

export function WebFontStylesheet({ nonce }: { nonce: string }) {
  return (
    <>
      <script nonce={nonce} data-href={fontFaces}>
        {insertStylesheet}
      </script>
      <noscript>
        <link rel="stylesheet" href={fontFaces} />
      </noscript>
    </>
  );
}
