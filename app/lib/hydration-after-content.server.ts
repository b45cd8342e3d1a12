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
  // The bytes up to `</head>`, held until it has come (whole, so neither a tag nor a UTF-8 character is cut); null
  // once the head has gone out and the rest streams through.
  let head: Buffer | null = Buffer.alloc(0);
  const lowered = (bytes: Buffer) =>
    Buffer.from(bytes.toString("utf8").replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"'));
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!head) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const whole = head;
      head = null;
      callback(null, Buffer.concat([lowered(whole.subarray(0, end)), whole.subarray(end)]));
    },
    flush(callback) {
      callback(null, head?.length ? lowered(head) : undefined);
    },
  });
}
