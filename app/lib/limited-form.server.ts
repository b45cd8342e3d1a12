/**
 * Reads a form body with a ceiling: `request.formData()` has no limit, so an upload is streamed and
 * refused once it passes `maxBytes` (a declared Content-Length over the limit is refused before reading).
 * An oversized body is read on, without keeping it, up to twice the limit, so that the browser
 * still receives the Korean answer instead of a reset connection; past that the stream is cut off.
 */
export type LimitedForm = { ok: true; form: FormData } | { ok: false; reason: "too-large" | "unreadable" };

export async function readLimitedForm(request: Request, maxBytes: number): Promise<LimitedForm> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) return { ok: false, reason: "too-large" };
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes * 2) {
        await reader.cancel().catch(() => {});
        break;
      }
      if (total <= maxBytes) chunks.push(value);
    }
  }
  if (total > maxBytes) return { ok: false, reason: "too-large" };
  try {
    const headers = { "content-type": request.headers.get("content-type") ?? "" };
    return { ok: true, form: await new Response(new Blob(chunks as BlobPart[]), { headers }).formData() };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}
