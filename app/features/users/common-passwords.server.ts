// The list is a data file in the repository (see its header for where it comes from), bundled as text
// into the server build: nothing is fetched, and the page's JavaScript never carries it.
import listText from "./common-passwords.txt?raw";

export const COMMON_PASSWORD = "너무 흔한 비밀번호입니다. 다른 비밀번호를 정해 주세요.";

let common: Set<string> | undefined;

/** True for a password on the shipped list of the most common ones, in any letter case (security-checklist 20). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    listText
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#")),
  );
  return common.has(password.toLowerCase());
}
