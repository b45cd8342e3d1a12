import type { z } from "zod";

/**
 * The parts of the form kit that pages use too (no server code here): the failure shape every form
 * action answers with, and the hints a page reads off the same schema its action checks.
 */
export type FormValues = Record<string, string | string[]>;
export type FieldErrors = Partial<Record<string, string>>;
export type FormFailure = { ok: false; message: string; errors: FieldErrors; values: FormValues };

/** Narrows an action's answer to the kit's failure shape (anything else, e.g. a success, is null). */
export function failureOf(result: unknown): FormFailure | null {
  return result && typeof result === "object" && (result as { ok?: unknown }).ok === false && "errors" in result
    ? (result as FormFailure)
    : null;
}

/** A typed value of a failed form, for `defaultValue` (repeated fields read with `failedValues`). */
export function failedValue(failure: FormFailure | null, name: string): string | undefined {
  const value = failure?.values[name];
  return typeof value === "string" ? value : undefined;
}

export function failedValues(failure: FormFailure | null, name: string): string[] | undefined {
  const value = failure?.values[name];
  return Array.isArray(value) ? value : typeof value === "string" ? [value] : undefined;
}

export function formFieldNames(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}

/** A field declared as `z.array(…)` (checkboxes sharing a name) is read with every value it was sent. */
export function isRepeatedField(schema: z.ZodObject, name: string): boolean {
  const field = schema.shape[name] as z.ZodType | undefined;
  return field?.def.type === "array" || fieldHints(field).repeated === true;
}

/** The first message per field and the first message overall (the one a toast or alert shows). */
export function firstIssuePerField(error: z.ZodError): { errors: FieldErrors; first: string } {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field !== undefined && !errors[String(field)]) errors[String(field)] = issue.message;
  }
  return { errors, first: error.issues[0]?.message ?? "입력한 내용을 확인해 주세요." };
}

/**
 * What a field piece (lib/form-fields.ts) records about itself in zod's metadata, so a page's input
 * gets `required` and `maxLength` from the schema its action checks instead of a second copy.
 */
export type FieldHints = { required?: boolean; maxLength?: number; repeated?: boolean; inputMode?: "numeric" | "url" | "email" | "text" };

function fieldHints(field: z.ZodType | undefined): FieldHints {
  return ((field?.meta?.() as { hints?: FieldHints } | undefined)?.hints ?? {}) as FieldHints;
}

/** Input attributes for `name` from its schema: `<input {...inputHints(schema, "name")} />`. */
export function inputHints(
  schema: z.ZodObject,
  name: string,
): { required?: boolean; maxLength?: number; inputMode?: FieldHints["inputMode"] } {
  const { required, maxLength, inputMode } = fieldHints(schema.shape[name] as z.ZodType | undefined);
  return { ...(required ? { required } : {}), ...(maxLength ? { maxLength } : {}), ...(inputMode ? { inputMode } : {}) };
}
