import type { Mail } from "#app/platform/mail/mail.server.ts";
import { TAKEDOWN_DAYS } from "./review-words.ts";

/** The mails of the review feature, plain text, each with one link and never naming who asked. */

/** To a review's writer when the supplier asked for it to be taken down (임시조치, 정보통신망법 제44조의2). */
export function takedownMail({
  to,
  listing,
  reason,
  link,
  siteName,
}: {
  to: string;
  listing: string;
  reason: string;
  link: string;
  siteName: string;
}): Mail {
  return {
    to,
    subject: `[${siteName}] 작성하신 후기가 임시 조치되었습니다`,
    link,
    text: [
      "안녕하세요.",
      "",
      `'${listing}'에 쓰신 거래 후기에 대해 권리 침해를 이유로 게시 중단 요청이 들어와, 정보통신망법 제44조의2에 따라 후기를 임시로 숨겼습니다.`,
      "",
      "요청 사유:",
      reason,
      "",
      `관리자가 ${TAKEDOWN_DAYS}일 안에 후기를 다시 게시할지 삭제할지 정합니다. 후기 내용이 사실이라면 아래 링크의 내 계정 페이지에서 '이의 신청'을 해 주세요.`,
      "",
      link,
    ].join("\n"),
  };
}

/** To a review's writer when an administrator decided a takedown: the review is back, or deleted. */
export function takedownDecidedMail({
  to,
  listing,
  restored,
  link,
  siteName,
}: {
  to: string;
  listing: string;
  restored: boolean;
  link: string;
  siteName: string;
}): Mail {
  return {
    to,
    subject: restored ? `[${siteName}] 후기가 다시 게시되었습니다` : `[${siteName}] 후기가 삭제되었습니다`,
    link,
    text: [
      "안녕하세요.",
      "",
      restored
        ? `'${listing}'에 쓰신 거래 후기를 관리자가 검토했고, 다시 게시했습니다.`
        : `'${listing}'에 쓰신 거래 후기를 관리자가 검토했고, 권리 침해가 인정되어 삭제했습니다.`,
      "",
      link,
    ].join("\n"),
  };
}
