import type { ReactNode } from "react";
import { safeHttpUrl } from "#app/lib/safe-url.ts";

/**
 * The guides' two inline markups (content/guides/guide-types.ts), turned into React elements:
 * `**굵게**` → <strong>, `[이름](https://…)` → an outside link in a new tab. Everything else is text;
 * nothing is ever parsed as HTML. An unclosed `**` or a link to a non-http(s) address stays as written
 * (the link as its label only).
 */
// A link address may hold one level of balanced parentheses (…/Seoul_(city)).
const TOKEN = /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g;

/** A path on this site: one leading slash (never `//host`), plain path characters only. */
const INTERNAL_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%]*$/;

export function renderInline(text: string, keyPrefix = "i"): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index ?? 0;
    if (start > last) out.push(text.slice(last, start));
    const key = `${keyPrefix}-${n++}`;
    const [, bold, label, href] = match;
    if (bold !== undefined) {
      out.push(<strong key={key}>{renderInline(bold, key)}</strong>);
    } else if (label !== undefined && href !== undefined && INTERNAL_PATH.test(href)) {
      // A page of this site (e.g. /tools/margin): an ordinary same-tab link.
      out.push(
        <a key={key} href={href} className="font-medium text-blue-700 underline">
          {label}
        </a>,
      );
    } else if (label !== undefined) {
      const url = safeHttpUrl(href);
      out.push(
        url ? (
          <a key={key} href={url} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline">
            {label}
          </a>
        ) : (
          label
        ),
      );
    }
    last = start + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function InlineText({ text }: { text: string }) {
  return <>{renderInline(text)}</>;
}
