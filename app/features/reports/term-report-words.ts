// What the term report pages show (ui-contract.md "Terms reported by sellers"), apart from the schema and the server
// code, so a page carries neither zod nor the queries in its JavaScript.

export const TERM_REPORT_RECEIVED = "제보가 접수되었습니다. 관리자가 확인한 뒤 반영합니다.";
export const NO_TERM_REPORTED = "제보할 조건을 하나 이상 골라 주세요.";
export const NO_EVIDENCE = "근거 주소나 근거 화면 캡처 중 하나는 꼭 알려 주세요.";
/** `확인한 날짜`: not in the future, at most this many days ago. */
export const CHECKED_WITHIN_DAYS = 90;
export const OVERRIDE_SUPPLIED_LABEL = "공급사 제공 조건도 바꾸기";
