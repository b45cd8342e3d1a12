/**
 * Reading a raw mail as nodemailer writes it (quoted-printable or base64 bodies, RFC 2047 subjects): for the
 * Vitest stand-in (tests/smtp.ts) and the e2e one (tests/e2e/stand-in-smtp-server.ts). No test runner imported.
 */
export type RawMail = { raw: string };

/** The decoded text of a received mail (quoted-printable or base64 bodies, as nodemailer writes them). */
export function mailText(mail: RawMail): string {
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const soft = body.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      const hex = soft[i] === "=" ? soft.slice(i + 1, i + 3) : "";
      if (/^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
      }
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}

/** The subject of a received mail, decoded from its RFC 2047 encoded words. */
export function mailSubject(mail: RawMail): string {
  const line = /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(mail.raw)?.[1] ?? "";
  return line
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .trim();
}
