/**
 * The sign-up's consent items (ui-contract, fourth release, "What Korean users expect"; docs/decisions/0054): each
 * its own checkbox and field, the required ones refused on the server when missing, and `전체 동의`, which ticks
 * every item (the server reads `agreeAll=yes` as each ticked, so it works without JavaScript). Plain values in a
 * module of their own so the page can name them without pulling in the zod schemas.
 */

export const CONSENT_KINDS = ["terms", "privacy", "age", "news"] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export type ConsentItem = {
  kind: ConsentKind;
  /** The form field (the checkbox sends `yes`). */
  field: string;
  label: string;
  required: boolean;
  /** The page the item's full text is on, if any. */
  href?: string;
  /** What the item says beyond its label, shown under it (the 수집·이용 notice of 개인정보 보호법 제15조 제2항). */
  details?: readonly string[];
};

/** The all-box: ticks every item below, the optional one too. */
export const CONSENT_ALL_FIELD = "agreeAll";
export const CONSENT_ALL_LABEL = "전체 동의";

export const CONSENT_ITEMS: readonly ConsentItem[] = [
  { kind: "terms", field: "agreeTerms", label: "[필수] 이용약관 동의", required: true, href: "/terms" },
  {
    kind: "privacy",
    field: "agreePrivacy",
    label: "[필수] 개인정보 수집·이용 동의",
    required: true,
    href: "/privacy",
    details: [
      "수집 항목: 이메일 주소, 비밀번호(암호화해 저장). 카카오·네이버 로그인으로 가입하면 비밀번호 대신 그 서비스의 회원 번호",
      "목적: 회원 식별과 로그인, 비밀번호 재설정과 알림 메일 발송",
      "보유 기간: 회원 탈퇴 시까지(법령이 정한 기록은 그 기간까지)",
      "동의를 거부할 수 있으나, 거부하면 회원가입을 할 수 없습니다.",
    ],
  },
  { kind: "age", field: "agreeAge", label: "[필수] 만 14세 이상입니다", required: true },
  {
    kind: "news",
    field: "agreeNews",
    label: "[선택] 새 소식 메일 받기",
    required: false,
    details: ["새 기능과 도매처 소식을 메일로 보내 드립니다. 동의하지 않아도 가입할 수 있고, 내 계정에서 언제든지 끌 수 있습니다."],
  },
];

/** The refusal of a sign-up missing any required item (the contract's words). */
export const CONSENT_REQUIRED = "필수 항목에 모두 동의해 주세요.";

/**
 * The version of each item's text a person agreed to, stored with the consent. The terms' is the effective date of
 * the /terms in force (config/site.json `legal.termsEffectiveDate`, read on the server); the others' texts live
 * above, and their date changes whenever their words do.
 */
export const CONSENT_TEXT_VERSIONS: Record<Exclude<ConsentKind, "terms">, string> = {
  privacy: "2026-11-28",
  age: "2026-11-28",
  news: "2026-11-28",
};

/** What /account calls each consent in its list. */
export const CONSENT_NAMES: Record<ConsentKind, string> = {
  terms: "이용약관",
  privacy: "개인정보 수집·이용",
  age: "만 14세 이상 확인",
  news: "새 소식 메일 받기",
};

/** The version stored for consents given before the items were separate: one checkbox for the terms and the policy. */
export const COMBINED_CONSENT_VERSION = "combined-checkbox";

/** One line of /account's `동의 내역`. */
export type ConsentEntry = {
  kind: ConsentKind;
  name: string;
  required: boolean;
  /** `동의함`, `동의 철회` or `동의하지 않음`. */
  state: "agreed" | "withdrawn" | "none";
  /** When it was given (or taken back), as a Korean date and time; null for one never given. */
  at: string | null;
  /** The version of the text agreed to, as /account shows it. */
  version: string | null;
};
