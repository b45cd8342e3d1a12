import { expect, test } from "vitest";
import { confirmationFailure, DELETE_QUESTION, deleteConfirmationOf, deleteConfirmed } from "./confirm-before-delete.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

test("only confirm=1 confirms a delete", () => {
  expect(deleteConfirmed(form({ intent: "delete", id: "3", confirm: "1" }))).toBe(true);
  for (const confirm of ["", "0", "yes", "true", "1 "]) expect(deleteConfirmed(form({ intent: "delete", confirm })), confirm).toBe(false);
  expect(deleteConfirmed(form({ intent: "delete" }))).toBe(false);
});

test("the question carries the posted fields back (not confirm), and only it reads as a confirmation", () => {
  const asked = confirmationFailure(form({ intent: "delete", productId: "7", confirm: "0" }));
  expect(asked).toMatchObject({ ok: false, message: DELETE_QUESTION, values: { intent: "delete", productId: "7" } });
  expect(deleteConfirmationOf(asked)).toEqual({ intent: "delete", productId: "7" });
  // Another failure of the same page, even one with the same words as its message, is not the question.
  expect(deleteConfirmationOf({ ok: false, message: DELETE_QUESTION, errors: {}, values: { intent: "delete" } })).toBeNull();
  expect(deleteConfirmationOf({ ok: false, message: "삭제 권한이 없습니다.", errors: {}, values: {} })).toBeNull();
  expect(deleteConfirmationOf(null)).toBeNull();
});
