import { type FormFailure, failureOf } from "./form-kit.ts";

/**
 * Nothing is deleted by one request (decisions.md 39, ui-contract "Smaller changes"): a delete is carried out only
 * with `confirm=1`. A page with JavaScript adds it when its dialog's 삭제 is pressed; without JavaScript (or before
 * it has loaded) the first post gets a confirmation page instead (`askDeleteConfirmation`), whose 삭제 sends the
 * same fields with `confirm=1` and whose 취소 goes back. This is the 회원 탈퇴 pattern (features/users) for every
 * delete.
 */
export const DELETE_CONFIRM_FIELD = "confirm";
export const DELETE_CONFIRMED = { [DELETE_CONFIRM_FIELD]: "1" } as const;
export const DELETE_QUESTION = "정말 삭제하시겠습니까?";

export function deleteConfirmed(form: FormData) {
  return form.get(DELETE_CONFIRM_FIELD) === DELETE_CONFIRMED[DELETE_CONFIRM_FIELD];
}

/**
 * The answer that asks `question`: the form kit's failure shape, its one error on `confirm`, the posted fields as
 * values.
 */
export function confirmationFailure(form: FormData, question = DELETE_QUESTION): FormFailure {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== DELETE_CONFIRM_FIELD) values[name] = value;
  return { ok: false, message: question, errors: { [DELETE_CONFIRM_FIELD]: question }, values };
}

/** The fields to send again with `confirm=1` when an action's answer asks `question`, else null. */
export function deleteConfirmationOf(result: unknown, question = DELETE_QUESTION): Record<string, string> | null {
  const failure = failureOf(result);
  if (!failure || failure.errors[DELETE_CONFIRM_FIELD] !== question) return null;
  return Object.fromEntries(Object.entries(failure.values).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
