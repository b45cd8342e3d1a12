import { createElement as h, type ReactNode } from "react";
import { MAIL_GREY, MAIL_LINK, mailPageHtml } from "#app/platform/mail/mail-page.ts";

/**
 * The weekly saved-search mail (docs/decisions/0053), written twice from one digest as the 찜 alert mail is: plain
 * text, and HTML from React's static markup (every value escaped by the renderer). Plain `createElement`, no JSX: the
 * worker runs this file with Node's type stripping.
 */
export type SearchNewsSupplier = { name: string; link: string; reason: "new" | "terms" };
export type SearchNews = { label: string; link: string; suppliers: SearchNewsSupplier[]; more: number };
export type SearchDigest = { siteName: string; subject: string; searches: SearchNews[]; unsubscribeLink: string };

export const SAVED_SEARCH_SUBJECT_WORDS = "저장한 검색에 새 도매처가 있습니다";
const GREETING = "안녕하세요.";
const NEWS = "저장하신 검색 조건에 새로 맞는 도매처가 있어 알려 드립니다. 거래 전에 도매처 페이지에서 조건을 확인해 주세요.";
const ONCE_A_WEEK = "이 메일은 새 소식이 있는 주에만, 한 주에 한 번 보내 드립니다. 저장한 검색은 내 계정에서 지울 수 있습니다.";
const REASON_WORDS = { new: "새 도매처", terms: "조건 확인" } as const;

export function searchDigestText(digest: SearchDigest): string {
  const blocks = digest.searches.map((search) =>
    [
      `■ ${search.label}`,
      ...search.suppliers.map((supplier) => `- ${supplier.name} (${REASON_WORDS[supplier.reason]}): ${supplier.link}`),
      ...(search.more > 0 ? [`- 외 ${search.more}곳: ${search.link}`] : []),
      `검색 결과 보기: ${search.link}`,
    ].join("\n"),
  );
  return [GREETING, "", NEWS, "", blocks.join("\n\n"), "", ONCE_A_WEEK, `알림 메일을 그만 받으시려면: ${digest.unsubscribeLink}`].join(
    "\n",
  );
}

const GREY = MAIL_GREY;
const LINK = MAIL_LINK;

function searchSection(search: SearchNews, key: number): ReactNode {
  return h(
    "div",
    { key, style: { marginTop: "24px" } },
    h("h2", { style: { fontSize: "17px", margin: "0 0 8px" } }, search.label),
    h(
      "ul",
      { style: { margin: 0, paddingLeft: "20px", fontSize: "14px" } },
      search.suppliers.map((supplier, index) =>
        h(
          "li",
          { key: index, style: { margin: "4px 0" } },
          h("a", { href: supplier.link, style: LINK }, supplier.name),
          h("span", { style: { color: GREY } }, ` · ${REASON_WORDS[supplier.reason]}`),
        ),
      ),
      search.more > 0 ? h("li", { style: { margin: "4px 0", color: GREY } }, `외 ${search.more}곳`) : null,
    ),
    h("p", { style: { margin: "8px 0 0" } }, h("a", { href: search.link, style: LINK }, "검색 결과 보기")),
  );
}

export function searchDigestHtml(digest: SearchDigest): string {
  return mailPageHtml({
    subject: digest.subject,
    siteName: digest.siteName,
    opening: [GREETING, NEWS],
    sections: digest.searches.map(searchSection),
    closing: ONCE_A_WEEK,
    unsubscribe: { lead: "알림 메일을 그만 받으시려면: ", link: digest.unsubscribeLink },
  });
}
