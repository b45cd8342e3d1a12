/**
 * What an admin is asked before `운영자 해제` (공급사 인증): like a delete, it is not undone by a click and it takes
 * the account's rights to the listing away, so it too is carried out only with `confirm=1`
 * (lib/confirm-before-delete.ts); shared by the action that asks and the page that shows the step.
 */
export const RELEASE_MANAGER_QUESTION = "정말 운영자를 해제하시겠습니까?";

/** What the step says happens next. */
export const RELEASE_MANAGER_CONSEQUENCE =
  "해제하면 그 계정은 이 도매처의 조건과 상품을 더 이상 관리할 수 없습니다. 그 계정의 상품은 남고, 이 도매처와의 연결만 풀립니다.";
