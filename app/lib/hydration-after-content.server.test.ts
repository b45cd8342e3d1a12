import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { expect, test } from "vitest";
import { hydrationAfterContent } from "./hydration-after-content.server.ts";

const HEAD =
  '<!DOCTYPE html><html lang="ko"><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><title>로그인 | 도매온</title>' +
  '<link rel="modulepreload" href="/assets/react-dom.js" nonce="n"/></head>';
const BODY =
  '<body><p>&lt;link rel="modulepreload"&gt; 본문은 그대로</p><script type="module" async="">import "/assets/x.js"</script></body></html>';

/** The page as the browser receives it, when the renderer's output arrives cut into pieces of `size` bytes. */
async function through(html: string, size: number) {
  const bytes = Buffer.from(html);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return text(Readable.from(pieces).pipe(hydrationAfterContent()));
}

test("the head's module preloads are asked for at low priority, whatever the chunks; the body is untouched", async () => {
  const expected = HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + BODY;
  // One chunk, and pieces that cut "<link rel=", "</head>" and the Korean title's UTF-8 bytes apart.
  for (const size of [100_000, 1, 7, 13, 64]) expect(await through(HEAD + BODY, size)).toBe(expected);
});

test("a page cut off before its head ends still arrives whole", async () => {
  const cut = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/><title>오류';
  expect(await through(cut, 5)).toBe('<!DOCTYPE html><html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><title>오류');
});
