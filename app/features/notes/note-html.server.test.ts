import { expect, test } from "vitest";
import { OWN_XSS, xssCorpora } from "#tests/corpora.ts";
import { isBlankNoteHtml, noteExcerpt, noteText, plainTextToHtml, sanitizeNoteHtml } from "./note-html.server.ts";

/**
 * Every tag the sanitiser may emit, in the exact shape it emits it. Because text "<" always comes out
 * as "&lt;", each "<" in the output starts a tag, and each tag must be one of these.
 */
const TAG_SHAPES = [
  /^\/?(h2|h3|p|strong|em|u|ol|ul|li)>/,
  /^br \/>/,
  /^\/a>/,
  /^a href="([^"<>]*)" rel="noopener noreferrer" target="_blank">/,
  /^img src="([^"<>]*)" alt="([^"<>]*)" loading="lazy" \/>/,
];

function decodeAttribute(value: string) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Throws with the offending input when sanitised output could run script or load something unsafe. */
function assertSafe(input: string, output: string) {
  const where = `input: ${JSON.stringify(input).slice(0, 300)}\noutput: ${JSON.stringify(output).slice(0, 300)}`;
  // The checklist's literal list first (security-checklist 1)...
  expect(output, where).not.toMatch(/<script/i);
  expect(output, where).not.toMatch(/<(iframe|object|embed|base|form|meta|svg|style|math|link|frame|foreignobject)\b/i);
  for (const tag of output.match(/<[^>]*>/g) ?? []) {
    expect(tag, where).not.toMatch(/\son\w+\s*=/i);
    expect(tag, where).not.toMatch(/\s(style|class|srcdoc|formaction|xlink:href)\s*=/i);
  }
  // ...then the stronger rule: only the allowlisted tags, each in its one allowed shape.
  for (const piece of output.split("<").slice(1)) {
    const shape = TAG_SHAPES.map((re) => piece.match(re)).find(Boolean);
    expect(shape, `unexpected tag <${piece.slice(0, 60)}\n${where}`).toBeTruthy();
    const url = shape?.[0].startsWith("a ") || shape?.[0].startsWith("img ") ? decodeAttribute(shape[1] ?? "") : null;
    if (url !== null) {
      const protocol = new URL(url).protocol;
      const allowed = shape?.[0].startsWith("a ") ? ["http:", "https:", "mailto:"] : ["http:", "https:"];
      expect(allowed, where).toContain(protocol);
      expect(url, where).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
  }
}

const OWN_CASES = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  '<img src="https://example.com/a.png" onload="alert(1)" style="x:expression(alert(1))">',
  '<a href="javascript:alert(1)">클릭</a>',
  '<a href="  JaVaScRiPt:alert(1)">클릭</a>',
  '<a href="jav&#x09;ascript:alert(1)">클릭</a>',
  '<a href="vbscript:msgbox(1)">클릭</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">클릭</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="javascript:alert(1)">',
  '<a href="//evil.example/">protocol-relative</a>',
  '<svg><script>alert(1)</script><foreignObject><body onload="alert(1)"></foreignObject></svg>',
  "<svg/onload=alert(1)>",
  '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="https://evil.example"><input name="q"><button formaction="javascript:alert(1)">x</button></form>',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<p style="background:url(javascript:alert(1))" class="x" id="y" onclick="alert(1)">문단</p>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<a href="https://example.com/&quot; onmouseover=&quot;alert(1)">따옴표</a>',
  "<h2 onmouseover=alert(1)>제목</h2>",
  "<<script>script>alert(1)<</script>/script>",
  "<div><template><script>alert(1)</script></template></div>",
  "<!--<img src=x onerror=alert(1)>-->",
  '<img src="https://example.com/a.png"/onerror=alert(1)>',
  '<a href="https://example.com" target="_self" rel="opener">opener</a>',
];

test("the project's own XSS cases come out harmless", () => {
  for (const input of OWN_CASES) assertSafe(input, sanitizeNoteHtml(input));
  expect(sanitizeNoteHtml('<a href="javascript:alert(1)">클릭</a>')).toBe("클릭");
  expect(sanitizeNoteHtml('<img src=x onerror="alert(1)">')).toBe("");
  expect(sanitizeNoteHtml("<script>alert(1)</script><p>본문</p>")).toBe("<p>본문</p>");
  expect(sanitizeNoteHtml('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
    '<a href="https://example.com/" rel="noopener noreferrer" target="_blank">x</a>',
  );
});

test("every XSS corpus entry comes out harmless, and sanitising twice changes nothing", () => {
  const shared = xssCorpora();
  const corpora = shared.length > 0 ? shared : [{ file: "own", payloads: OWN_XSS }];
  let checked = 0;
  for (const { payloads } of corpora) {
    for (const payload of payloads) {
      const once = sanitizeNoteHtml(payload);
      assertSafe(payload, once);
      // Render-time sanitising of stored HTML must not change it (or open anything up).
      expect(sanitizeNoteHtml(once)).toBe(once);
      checked += 1;
    }
  }
  // The gzip list alone has thousands of lines: a silent empty read would be a false pass.
  expect(checked).toBeGreaterThan(shared.length > 0 ? 7000 : OWN_XSS.length - 1);
});

test("what the editor's toolbar makes survives unchanged", () => {
  // Tiptap's output for every button: 제목 1/2, 굵게, 기울임, 밑줄, 번호/글머리 목록, 링크, 이미지, and a line break.
  const fromEditor =
    "<h2>제목 하나</h2><h3>제목 둘</h3><p>보통 <strong>굵게</strong> <em>기울임</em> <u>밑줄</u> " +
    '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">링크</a> ' +
    '<a href="mailto:help@example.com">메일</a></p>' +
    "<ol><li><p>첫째</p></li><li><p>둘째</p></li></ol><ul><li><p>항목</p><ul><li><p>안쪽</p></li></ul></li></ul>" +
    '<img src="https://example.com/photo.png" alt="상품 사진"><p>첫 줄<br>둘째 줄</p>';
  const expected =
    "<h2>제목 하나</h2><h3>제목 둘</h3><p>보통 <strong>굵게</strong> <em>기울임</em> <u>밑줄</u> " +
    '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">링크</a> ' +
    '<a href="mailto:help@example.com" rel="noopener noreferrer" target="_blank">메일</a></p>' +
    "<ol><li><p>첫째</p></li><li><p>둘째</p></li></ol><ul><li><p>항목</p><ul><li><p>안쪽</p></li></ul></li></ul>" +
    '<img src="https://example.com/photo.png" alt="상품 사진" loading="lazy" /><p>첫 줄<br />둘째 줄</p>';
  expect(sanitizeNoteHtml(fromEditor)).toBe(expected);
  expect(sanitizeNoteHtml(expected)).toBe(expected);
  assertSafe(fromEditor, expected);
});

test("pasted markup is mapped to the editor's own elements; other tags keep only their text", () => {
  expect(sanitizeNoteHtml("<h1>큰 제목</h1><h4>작은 제목</h4><b>굵게</b><i>기울임</i>")).toBe(
    "<h2>큰 제목</h2><h3>작은 제목</h3><strong>굵게</strong><em>기울임</em>",
  );
  expect(sanitizeNoteHtml('<table><tr><td>칸</td></tr></table><span class="x">글</span><blockquote>인용</blockquote>')).toBe("칸글인용");
  expect(sanitizeNoteHtml('<p>a &amp; b &lt;c&gt; "d"</p>')).toBe('<p>a &amp; b &lt;c&gt; "d"</p>');
});

test("text, excerpt and blank checks read what a person would see", () => {
  const html = "<h2>제목</h2><p>첫 문단 &amp; <strong>강조</strong></p><ul><li>항목</li></ul>";
  expect(noteText(html)).toBe("제목 첫 문단 & 강조 항목");
  expect(noteExcerpt(`<p>${"가".repeat(200)}</p>`, 120)).toBe(`${"가".repeat(120)}…`);
  expect(noteExcerpt("<p>&lt;script&gt;는 글자입니다</p>")).toBe("<script>는 글자입니다");
  expect(isBlankNoteHtml("")).toBe(true);
  expect(isBlankNoteHtml("<p></p><p> </p><br />")).toBe(true);
  expect(isBlankNoteHtml('<img src="https://example.com/a.png" alt="" loading="lazy" />')).toBe(false);
  expect(isBlankNoteHtml("<p>글</p>")).toBe(false);
});

test("plain text from the no-JavaScript form becomes paragraphs, escaped", () => {
  expect(plainTextToHtml("첫 문단\n둘째 줄\n\n다음 문단 1 < 2")).toBe("<p>첫 문단<br>둘째 줄</p><p>다음 문단 1 &lt; 2</p>");
  expect(plainTextToHtml("<p>이미 HTML</p>")).toBe("<p>이미 HTML</p>");
  expect(plainTextToHtml('<h2>제목</h2>본문<a href="https://example.com">링크</a>')).toBe(
    '<h2>제목</h2>본문<a href="https://example.com">링크</a>',
  );
  // Prose that merely mentions a tag keeps it as visible text.
  expect(sanitizeNoteHtml(plainTextToHtml("1 < 2 이고 <script>alert(1)</script>는 글자입니다"))).toBe(
    "<p>1 &lt; 2 이고 &lt;script&gt;alert(1)&lt;/script&gt;는 글자입니다</p>",
  );
  expect(sanitizeNoteHtml(plainTextToHtml("a & b"))).toBe("<p>a &amp; b</p>");
});
