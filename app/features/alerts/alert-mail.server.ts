import { createElement as h, type ReactNode } from "react";
import { MAIL_GREY, MAIL_LINK, mailPageHtml } from "#app/platform/mail/mail-page.ts";

/**
 * The 찜 alert mail (docs/decisions/0036) written twice from one digest: the plain text every mail has, and an HTML
 * part beside it for mail apps that show one. The HTML is React's static markup, so every value in it (a supplier's
 * name, a term, a link) is escaped by the renderer, never by hand. Plain `createElement`, no JSX: the worker runs this
 * file with Node's type stripping, which does not read JSX.
 */
export type DigestChange = { label: string; before: string; after: string };
export type DigestSupplier = { name: string; link: string; changes: DigestChange[] };
export type Digest = { siteName: string; subject: string; suppliers: DigestSupplier[]; unsubscribeLink: string };

const GREETING = "안녕하세요.";
const NEWS = "찜하신 도매처의 조건이나 사업자 상태가 바뀌었습니다. 거래 전에 도매처 페이지에서 확인해 주세요.";
const ONCE_A_DAY = "이 알림은 하루에 한 번까지 보내 드립니다. 오늘 이후의 변경은 다음 알림에 모아 보내 드립니다.";

export function digestText(digest: Digest): string {
  const blocks = digest.suppliers.map((supplier) =>
    [
      `■ ${supplier.name}`,
      ...supplier.changes.map((change) => `- ${change.label}: ${change.before} → ${change.after}`),
      supplier.link,
    ].join("\n"),
  );
  return [GREETING, "", NEWS, "", blocks.join("\n\n"), "", ONCE_A_DAY, `알림을 그만 받으시려면: ${digest.unsubscribeLink}`].join("\n");
}

// Inline styles only: mail apps drop <style> blocks and never load a stylesheet.
const GREY = MAIL_GREY;
const LINK = MAIL_LINK;
const CELL = { padding: "6px 8px", borderTop: "1px solid #e5e7eb", textAlign: "left", verticalAlign: "top" } as const;

function supplierSection(supplier: DigestSupplier, key: number): ReactNode {
  const rows = supplier.changes.map((change, index) =>
    h(
      "tr",
      { key: index },
      h("th", { style: { ...CELL, fontWeight: 600, whiteSpace: "nowrap" } }, change.label),
      h("td", { style: { ...CELL, color: GREY } }, change.before),
      h("td", { style: { ...CELL, color: GREY } }, "→"),
      h("td", { style: { ...CELL, fontWeight: 600 } }, change.after),
    ),
  );
  return h(
    "div",
    { key, style: { marginTop: "24px" } },
    h("h2", { style: { fontSize: "17px", margin: "0 0 8px" } }, supplier.name),
    h("table", { role: "presentation", style: { borderCollapse: "collapse", width: "100%", fontSize: "14px" } }, h("tbody", null, rows)),
    h("p", { style: { margin: "8px 0 0" } }, h("a", { href: supplier.link, style: LINK }, "도매처 페이지에서 확인하기")),
  );
}

export function digestHtml(digest: Digest): string {
  return mailPageHtml({
    subject: digest.subject,
    siteName: digest.siteName,
    opening: [GREETING, NEWS],
    sections: digest.suppliers.map(supplierSection),
    closing: ONCE_A_DAY,
    unsubscribe: { lead: "알림을 그만 받으시려면: ", link: digest.unsubscribeLink },
  });
}
