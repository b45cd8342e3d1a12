import type { Mail } from "#app/platform/mail/mail.server.ts";

/**
 * The words of the account mails, in one place. Plain text only; each mail carries at most one link,
 * and says what to do when the reader did not ask for it.
 */
export function resetPasswordMail({ to, link, siteName }: { to: string; link: string; siteName: string }): Mail {
  return {
    to,
    subject: `[${siteName}] 비밀번호 재설정 안내`,
    link,
    text: [
      "안녕하세요.",
      "",
      `${siteName} 계정의 비밀번호 재설정을 요청하셨습니다. 아래 링크에서 새 비밀번호를 정해 주세요.`,
      "",
      link,
      "",
      "이 링크는 1시간 동안 한 번만 사용할 수 있습니다.",
      "요청하신 적이 없다면 이 메일은 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다.",
    ].join("\n"),
  };
}

export function verifyAdminEmailMail({ to, link, siteName }: { to: string; link: string; siteName: string }): Mail {
  return {
    to,
    subject: `[${siteName}] 관리자 이메일 주소 확인`,
    link,
    text: [
      "안녕하세요.",
      "",
      `이 주소는 ${siteName}의 관리자 주소로 지정되어 있습니다. 이 주소로 가입한 계정으로 로그인한 브라우저에서 아래 링크를 열고`,
      "'이메일 주소 확인하기' 버튼을 누르시면 관리자 권한이 적용됩니다.",
      "",
      link,
      "",
      "이 링크는 24시간 동안 한 번만 사용할 수 있습니다. 페이지에 이 링크가 어느 계정의 것인지, 그 계정이 언제 만들어졌는지 나옵니다.",
      "가입하신 적이 없다면 버튼을 누르지 마세요. 다른 사람이 이 주소로 가입했을 수 있습니다. 그 계정은 비밀번호 찾기로",
      "비밀번호를 새로 정해 되찾을 수 있으며, 그러면 다른 사람은 로그아웃됩니다. 확인하지 않은 계정에는 관리자 권한이 주어지지 않습니다.",
    ].join("\n"),
  };
}

export function repeatedLoginFailuresMail({ to, resetLink, siteName }: { to: string; resetLink: string; siteName: string }): Mail {
  return {
    to,
    subject: `[${siteName}] 로그인 실패가 여러 번 있었습니다`,
    link: resetLink,
    text: [
      "안녕하세요.",
      "",
      `최근 ${siteName} 계정에 잘못된 비밀번호로 로그인하려는 시도가 여러 번 있었습니다.`,
      "직접 시도하신 것이라면 걱정하지 않으셔도 됩니다. 본인이 아니라면 아래 링크에서 비밀번호를 바꿔 주세요.",
      "",
      resetLink,
      "",
      "이 안내는 한 시간에 한 번까지만 보내 드립니다.",
    ].join("\n"),
  };
}

/** The link that proves an account's address (asked for from /account; reviews need a proved address). */
export function verifyEmailMail({
  to,
  link,
  siteName,
  added = false,
}: {
  to: string;
  link: string;
  siteName: string;
  added?: boolean;
}): Mail {
  return {
    to,
    subject: `[${siteName}] 이메일 주소 확인`,
    link,
    text: [
      "안녕하세요.",
      "",
      added
        ? `${siteName} 계정에 이 이메일 주소를 등록하려면, 주소를 입력한 계정으로 로그인한 브라우저에서 아래 링크를 열고`
        : `${siteName} 계정의 이메일 주소를 확인하려면, 이 주소로 가입한 계정으로 로그인한 브라우저에서 아래 링크를 열고`,
      added
        ? "'이메일 주소 확인하기' 버튼을 눌러 주세요. 등록하면 찜 알림과 저장한 검색의 메일을 받고 도매처 거래 후기를 쓸 수 있습니다."
        : "'이메일 주소 확인하기' 버튼을 눌러 주세요. 확인한 계정은 도매처 거래 후기를 쓸 수 있습니다.",
      "",
      link,
      "",
      "이 링크는 24시간 동안 한 번만 사용할 수 있습니다. 요청하신 적이 없다면 버튼을 누르지 마세요.",
    ].join("\n"),
  };
}
