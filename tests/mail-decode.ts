/**
 * Reading a raw mail as nodemailer writes it (quoted-printable or base64 bodies, a text part beside an HTML one,
 * RFC 2047 subjects): for the
 * Vitest stand-in (tests/smtp.ts) and the e2e one (tests/e2e/stand-in-smtp-server.ts). No test runner imported.
 */
export type RawMail = { raw: string };

/**
 * The decoded part of a received mail of one content type: the mail itself when it has one body, else the matching
 * part of a multipart/alternative (text beside HTML). Undefined when there is no such part.
 */
function mailPart(mail: RawMail, contentType: "text/plain" | "text/html"): string | undefined {
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const boundary = /content-type:\s*multipart\/[\w-]+;\s*boundary="?([^"\r\n;]+)"?/i.exec(head)?.[1];
  if (!boundary) {
    const type = /content-type:\s*([\w/+-]+)/i.exec(head)?.[1]?.toLowerCase() ?? "text/plain";
    return type === contentType ? decodeBody(head, body) : undefined;
  }
  for (const part of body.split(`--${boundary}`)) {
    const [partHead = "", ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    if (/content-type:\s*([\w/+-]+)/i.exec(partHead)?.[1]?.toLowerCase() === contentType)
      return decodeBody(partHead, partBody.join("\n\n"));
  }
  return undefined;
}

function decodeBody(head: string, body: string): string {
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

/** The decoded text of a received mail (its text/plain part when it also has HTML). */
export function mailText(mail: RawMail): string {
  return mailPart(mail, "text/plain") ?? "";
}

/** The decoded HTML part of a received mail, or undefined for a text-only mail. */
export function mailHtml(mail: RawMail): string | undefined {
  return mailPart(mail, "text/html");
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
