import type { Mail } from "#app/platform/mail/mail.server.ts";

/** To each manager of a listing when an administrator applied a seller's term report to it (never naming the seller). */
export function termsReportedMail({
  to,
  listing,
  changes,
  link,
  siteName,
}: {
  to: string;
  listing: string;
  changes: { label: string; before: string; after: string }[];
  link: string;
  siteName: string;
}): Mail {
  return {
    to,
    subject: `[${siteName}] 셀러 제보로 위탁 조건이 바뀌었습니다`,
    link,
    text: [
      "안녕하세요.",
      "",
      `운영 중이신 도매처 '${listing}'의 위탁 조건을 셀러가 제보했고, 관리자가 근거를 확인해 반영했습니다.`,
      "",
      ...changes.map((change) => `- ${change.label}: ${change.before} → ${change.after}`),
      "",
      "조건이 다르다면 내 도매처 페이지에서 지금 적용 중인 조건으로 고쳐 주세요. 고친 조건은 ‘공급사 제공’으로 표시됩니다.",
      "",
      link,
    ].join("\n"),
  };
}
