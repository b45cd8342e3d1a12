import { Transform } from "node:stream";

const HEAD_END = Buffer.from("</head>");
const MODULE_PRELOAD = /<link rel="modulepreload"/g;

/**
 * React Router's <Scripts> preloads a hydrating page's ~20 modules from <head>, and a browser fetches a module
 * preload at high priority: on a slow phone the ~120 KB of React compete with the stylesheet and the page's own
 * pictures for the first paint, though the page is already readable and usable without them (every form posts
 * without JavaScript). This marks those preloads `fetchpriority="low"` (ADR 0039): still fetched at once, in
 * parallel, but after what the first paint needs. <Scripts> passes no attribute of ours to its links, so the
 * rewrite happens on the way out, in <head> only (the page's own text is never touched).
 */
export function hydrationAfterContent() {
  let head: Buffer[] | null = [];
  let headBytes = 0;
  const release = (stream: Transform) => {
    if (!head) return;
    const html = Buffer.concat(head, headBytes).toString("utf8");
    head = null;
    stream.push(lowerModulePreloads(html));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!head) return callback(null, chunk);
      head.push(chunk);
      headBytes += chunk.length;
      const all = Buffer.concat(head, headBytes);
      const end = all.indexOf(HEAD_END);
      if (end === -1) {
        head = [all];
        return callback();
      }
      head = [all.subarray(0, end)];
      headBytes = end;
      release(this);
      callback(null, all.subarray(end));
    },
    flush(callback) {
      release(this);
      callback();
    },
  });
}

export function lowerModulePreloads(headHtml: string) {
  return headHtml.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}
