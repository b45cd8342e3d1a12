/** ui-contract.md "Compare (비교)": at most four suppliers side by side, at least two to compare. */
export const MAX_COMPARE = 4;
export const TOO_MANY_MESSAGE = "최대 4곳까지 비교할 수 있습니다.";
export const TOO_FEW_MESSAGE = "비교할 도매처를 2곳 이상 선택해 주세요.";

export function compareHref(ids: readonly number[]) {
  return ids.length ? `/compare?ids=${ids.join(",")}` : "/compare";
}
