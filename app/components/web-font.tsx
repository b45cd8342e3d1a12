/**
 * Pretendard without holding up the page. Its 92 `@font-face` rules (one per subset, 13.7 KB gzip with their
 * unicode ranges) are a stylesheet of their own that a script inserts; without JavaScript the <noscript>
 * copy loads it the ordinary way. Text shows in the metric-matched fallback faces of app/font-fallback.css
 * (in the main stylesheet) until Pretendard is there, so it does not move when Pretendard comes in.
 *
 * On a first visit the page keeps the fallback to the end: Pretendard is fetched for the pages after it, never
 * swapped in under the reader. A Korean page needs 15 to 20 subsets (about 450 KB); asked for with the page,
 * on a slow phone they took the bandwidth its own pictures needed (Lighthouse: the note's picture and
 * /products' first card were the LCP, behind the subsets), and swapping them in re-shaped every line of the
 * page, a long task of its own after the first paint (docs/performance.md, "Font, once" and "Font, next
 * page"). So the script sets the `fallback-font` class before <body> is parsed, waits for the page's `load`
 * event and its own first contentful paint, and then loads every subset the page's text uses
 * (`document.fonts.load`) into the browser's cache, which nothing on this page uses (on a machine with no Korean
 * font at all, where the fallback is boxes, the page swaps to Pretendard when they are in, as ADR 0037 did). Later pages of the same visit (sessionStorage
 * `font`, a flag only) insert the stylesheet at once and find the subsets in the cache, so their first paint is
 * already in Pretendard: the `font-display: optional` behaviour, with the fetch after the page instead of
 * racing it.
 *
 * No subset is preloaded: measured, preloading the most-used one (subset 91) made it arrive well before
 * the others, and a page painted with some subsets in Pretendard and the rest in the fallback can wrap
 * differently from both (docs/performance.md, "Font").
 */

import fontFaces from "pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?url";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

// Plain text with no quotes, `<`, `>` or `&`, so it reads the same however it is escaped; the URL comes from
// the script's own data-href, and React renders it as text (the sanitised note body stays the only raw HTML).
const insertStylesheet = [
  "(function(s){",
  "var d=document,h=d.documentElement,f=d.fonts,l=d.createElement(`link`),seen,swap;",
  "l.rel=`stylesheet`;l.href=s.dataset.href;",
  "try{seen=sessionStorage.getItem(`font`)}catch(e){}",
  "if(seen||!f||!f.load){d.head.appendChild(l);return}",
  // The class is set here, before <body> is parsed: set later, it would restyle and lay out the page once more.
  "h.classList.add(`fallback-font`);",
  // Two syllables drawn in the page's own faces: the same pixels mean both are the missing-glyph box, so the
  // machine has no Korean font and this page swaps to Pretendard once its subsets are in (ADR 0037) rather
  // than stay in boxes. A canvas that cannot be read counts as a Korean font (the page keeps its face).
  "function readable(){try{var c=d.createElement(`canvas`).getContext(`2d`),p=function(t){",
  "c.clearRect(0,0,40,40);c.fillText(t,0,30);return c.getImageData(0,0,40,40).data.join()};",
  "c.font=`30px `+getComputedStyle(d.body).fontFamily;return p(`가`)!=p(`힣`)}catch(e){return 1}}",
  "function kept(){if(swap)h.classList.remove(`fallback-font`);try{sessionStorage.setItem(`font`,`1`)}catch(e){}}",
  "function load(){swap=!readable();l.onload=function(){f.load(`1em Pretendard Variable`,d.body.textContent).then(kept,kept)};",
  "l.onerror=kept;d.head.appendChild(l)}",
  // After `load` and after the page's first contentful paint: a page that loaded faster than it painted (a quick
  // server, a busy phone) would otherwise ask for the subsets before its own first paint and share the bandwidth
  // with it. A browser without paint timing starts at `load`.
  "function later(){var P=window.PerformanceObserver,n=`first-contentful-paint`,t=P?P.supportedEntryTypes||[]:[];",
  "if(performance.getEntriesByName(n).length||!~t.indexOf(`paint`))load();",
  "else new P(function(x,o){if(x.getEntriesByName(n).length){o.disconnect();load()}}).observe({type:`paint`})}",
  "d.readyState==`complete`?later():addEventListener(`load`,later)",
  "})(document.currentScript)",
].join("");

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

/**
 * A page that hydrated keeps its document when React Router moves to the next page: that navigation is the next
 * page, so it drops the first page's `fallback-font` and shows Pretendard from the cache the first page filled.
 */
export function usePretendardFromTheNextPage() {
  const { key } = useLocation();
  const firstPage = useRef(key);
  useEffect(() => {
    if (key !== firstPage.current) document.documentElement.classList.remove("fallback-font");
  }, [key]);
}
