import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * The HTML part of the site's news mails (the 찜 alert, the saved-search mail): one page of React's static markup, so
 * every value in it is escaped by the renderer, never by hand. Inline styles only: mail apps drop <style> blocks and
 * never load a stylesheet. Plain `createElement`, no JSX: the worker runs this file with Node's type stripping.
 */
export const MAIL_GREY = "#6b7280";
export const MAIL_LINK = { color: "#1d4ed8" };
const FONT_FAMILY = "'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans KR', sans-serif";

export function mailPageHtml(page: {
  subject: string;
  siteName: string;
  /** The opening lines, one paragraph each. */
  opening: string[];
  sections: ReactNode[];
  /** The closing line (how often the mail comes), then the way out. */
  closing: string;
  unsubscribe: { lead: string; link: string };
}): string {
  const html = h(
    "html",
    { lang: "ko" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("title", null, page.subject),
    ),
    h(
      "body",
      { style: { margin: 0, padding: "24px 12px", background: "#f3f4f6", color: "#111827", lineHeight: 1.6, fontFamily: FONT_FAMILY } },
      h(
        "div",
        { style: { maxWidth: "560px", margin: "0 auto", padding: "24px", background: "#ffffff", borderRadius: "8px" } },
        h("p", { style: { margin: "0 0 4px", fontSize: "13px", color: MAIL_GREY } }, page.siteName),
        page.opening.map((line, index) => h("p", { key: index, style: { margin: index === 0 ? 0 : "8px 0 0" } }, line)),
        page.sections,
        h(
          "p",
          { style: { margin: "32px 0 0", fontSize: "13px", color: MAIL_GREY } },
          page.closing,
          h("br"),
          page.unsubscribe.lead,
          h("a", { href: page.unsubscribe.link, style: MAIL_LINK }, "알림 끄기"),
        ),
      ),
    ),
  );
  return `<!doctype html>${renderToStaticMarkup(html)}`;
}
