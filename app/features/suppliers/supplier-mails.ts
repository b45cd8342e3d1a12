import type { Mail } from "#app/platform/mail/mail.server.ts";

/** The mail to a listing's managers when another account proves it runs the listing too (never naming that account). */
export function managerAddedMail({ to, listing, link, siteName }: { to: string; listing: string; link: string; siteName: string }): Mail {
  return {
    to,
    subject: `[${siteName}] 도매처 운영자가 추가되었습니다`,
    link,
    text: [
      "안녕하세요.",
      "",
      `운영 중이신 도매처 '${listing}'에 다른 계정이 운영자 인증(사이트, 이메일 또는 사업자등록증)을 마치고 운영자로 추가되었습니다.`,
      "이제 그 계정도 위탁 조건을 수정하고 상품을 이 도매처에 연결할 수 있습니다.",
      "",
      link,
      "",
      "알고 계신 분이 아니라면 사이트에 올려 둔 인증 코드(메타 태그나 인증 파일)를 지우시고, 도매처 페이지의 '정보 수정 요청'으로 알려 주세요.",
    ].join("\n"),
  };
}

/** The 6-digit code of a claim by mail, to an address at the listing's site domain (no link: the code is typed on the claim page). */
export function claimCodeMail({
  to,
  listing,
  code,
  minutes,
  siteName,
}: {
  to: string;
  listing: string;
  code: string;
  minutes: number;
  siteName: string;
}): Mail {
  return {
    to,
    subject: `[${siteName}] 도매처 운영자 인증번호`,
    text: [
      "안녕하세요.",
      "",
      `${siteName}에서 도매처 '${listing}'의 운영자 인증을 요청하셨습니다.`,
      `인증번호: ${code}`,
      "",
      `인증 페이지에 이 인증번호 6자리를 ${minutes}분 안에 입력해 주세요.`,
      "직접 요청하지 않으셨다면 이 메일은 지우셔도 됩니다. 인증번호를 다른 사람에게 알려 주지 마세요.",
    ].join("\n"),
  };
}

/** `반려` of a claim by 사업자등록증: the admin's reason, and the way back to the claim page. */
export function claimRejectedMail({
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
    subject: `[${siteName}] 도매처 운영자 인증 심사 결과`,
    link,
    text: [
      "안녕하세요.",
      "",
      `도매처 '${listing}'의 운영자 인증(사업자등록증) 요청을 승인하지 못했습니다.`,
      `사유: ${reason}`,
      "",
      "사유를 확인하신 뒤 아래 주소에서 다시 요청해 주세요. 올려 주신 사업자등록증은 30일 뒤 삭제됩니다.",
      link,
    ].join("\n"),
  };
}
