import { data } from "react-router";
import type { z } from "zod";
import {
  BODY_LIMITS,
  bodyClassOf,
  isFormContentType,
  TOO_LARGE_MESSAGE,
  UNREADABLE_MESSAGE,
  UNSUPPORTED_TYPE_MESSAGE,
} from "./body-limits.ts";
import { confirmationFailure } from "./confirm-before-delete.ts";
import { type FieldErrors, type FormFailure, type FormValues, firstIssuePerField, formFieldNames, isRepeatedField } from "./form-kit.ts";

/**
 * The only way an action reads its form. The body must be a form (urlencoded or multipart with a
 * boundary, else 415), at most the page's byte limit (lib/body-limits.ts; else 413, counted while
 * reading, so a body that lies about its length is cut off too) and parseable (else 400). Each refusal
 * is thrown as a Response with a Korean message, like every other refusal an action throws.
 *
 * server.ts enforces the same limit before the app sees the request; this is the second line, and
 * the first for code that calls an action directly.
 */
export async function readForm(request: Request, maxBytes?: number): Promise<FormData> {
  const read = await readFormOrRefusal(request, maxBytes);
  if (read.ok) return read.form;
  throw new Response(read.message, { status: read.status });
}

export type FormRead = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; message: string };

/** readForm for pages that show a refusal inline (the import pages) instead of as an error page. */
export async function readFormOrRefusal(
  request: Request,
  maxBytes = BODY_LIMITS[bodyClassOf(new URL(request.url).pathname)],
): Promise<FormRead> {
  const refusal = (status: 400 | 413 | 415, message: string): FormRead => ({ ok: false, status, message });
  const contentType = request.headers.get("content-type");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (!isFormContentType(contentType)) {
    // An empty POST (a form with no fields sent by a script) reads as an empty form.
    if (!contentType && declared === 0 && !request.body) return { ok: true, form: new FormData() };
    return refusal(415, UNSUPPORTED_TYPE_MESSAGE);
  }
  if (declared > maxBytes) return refusal(413, TOO_LARGE_MESSAGE);
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel().catch(() => {});
          return refusal(413, TOO_LARGE_MESSAGE);
        }
        chunks.push(value);
      }
    } catch {
      return refusal(400, UNREADABLE_MESSAGE);
    }
  }
  try {
    return {
      ok: true,
      form: await new Response(new Blob(chunks as BlobPart[]), { headers: { "content-type": contentType ?? "" } }).formData(),
    };
  } catch {
    return refusal(400, UNREADABLE_MESSAGE);
  }
}

export type Validated<S extends z.ZodObject> =
  | { ok: true; data: z.output<S>; values: FormValues }
  | { ok: false; message: string; errors: FieldErrors; values: FormValues };

/**
 * Checks a form against its schema. Only the schema's own fields are read (anything else a client
 * sends, such as `id`, `views` or `role`, is never looked at); a file where text is expected reads as
 * empty. `values` is what was typed, for showing the form again; `message` is the first problem.
 */
export function validateForm<S extends z.ZodObject>(form: FormData, schema: S): Validated<S> {
  const values: FormValues = {};
  for (const name of formFieldNames(schema)) {
    const texts = form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
    values[name] = isRepeatedField(schema, name) ? texts : (texts[0] ?? "");
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const { errors, first } = firstIssuePerField(parsed.error);
  return { ok: false, message: first, errors, values };
}

/**
 * The one failure answer of a form action: the message, each field's problem and what was typed.
 * `headers` for answers that need one, e.g. `Retry-After` on a 429 (the route exports `headers`).
 */
export function formFailure(
  message: string,
  {
    values = {},
    errors = {},
    status = 400,
    headers,
  }: { values?: FormValues; errors?: FieldErrors; status?: number; headers?: HeadersInit } = {},
) {
  return data<FormFailure>({ ok: false, message, errors, values }, { status, ...(headers ? { headers } : {}) });
}

/**
 * The answer to a delete sent without `confirm=1` (lib/confirm-before-delete.ts): a page that asks
 * `정말 삭제하시겠습니까?` (or another `question`) with 삭제 and 취소. Nothing was deleted, nothing was wrong: 200.
 */
export function askDeleteConfirmation(form: FormData, question?: string) {
  return data<FormFailure>(confirmationFailure(form, question), { status: 200 });
}
