/**
 * Pretendard without holding up the page. Its 92 `@font-face` rules (one per subset, 13.7 KB gzip with their
 * unicode ranges) are a stylesheet of their own that a script inserts; without JavaScript the <noscript>
 * copy loads it the ordinary way. Text shows in the metric-matched fallback faces of app/font-fallback.css
 * (in the main stylesheet) until Pretendard is there, so it does not move when Pretendard comes in.
 *
 * On a first visit the script waits for the page's `load` event: a Korean page needs 15 to 20 subsets
 * (about 450 KB), and on a slow phone they would otherwise take the bandwidth the page's own pictures need
 * (Lighthouse: the note's picture and /products' first card were the LCP, behind the subsets). It then
 * loads every subset the page's text uses (`document.fonts.load`) while the `font-loading` class keeps the
 * text in the fallback, and drops the class when all have arrived: the page is laid out again once, not
 * once per subset as each arrived (a long task each on a slow phone: docs/performance.md, "Font, once").
 * Later pages of the same visit (sessionStorage `font`, a flag only) have the subsets in the browser's
 * cache and insert the stylesheet at once, so the text does not change face after the first paint.
 *
 * No subset is preloaded: measured, preloading the most-used one (subset 91) made it arrive well before
 * the others, and a page painted with some subsets in Pretendard and the rest in the fallback can wrap
 * differently from both (docs/performance.md, "Font").
 */
import fontFaces from "pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?url";

// Plain text with no quotes, `<`, `>` or `&`, so it reads the same however it is escaped; the URL comes from
// the script's own data-href, and React renders it as text (the sanitised note body stays the only raw HTML).
const insertStylesheet = [
  "(function(s){",
  "var d=document,h=d.documentElement,f=d.fonts,l=d.createElement(`link`),seen;",
  "l.rel=`stylesheet`;l.href=s.dataset.href;",
  "try{seen=sessionStorage.getItem(`font`)}catch(e){}",
  "if(seen||!f||!f.load){d.head.appendChild(l);return}",
  // The class is set here, before <body> is parsed: set later, it would restyle and lay out the page once more.
  "h.classList.add(`font-loading`);",
  "function shown(){h.classList.remove(`font-loading`);try{sessionStorage.setItem(`font`,`1`)}catch(e){}}",
  "function load(){l.onload=function(){f.load(`1em Pretendard Variable`,d.body.textContent).then(shown,shown)};",
  "l.onerror=shown;d.head.appendChild(l)}",
  "d.readyState==`complete`?load():addEventListener(`load`,load)",
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
