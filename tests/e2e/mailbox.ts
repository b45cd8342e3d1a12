import fs from "node:fs";
import { expect } from "@playwright/test";
import { e2eMailbox, e2eServerLog } from "./paths.ts";

/**
 * Every mail the e2e server sent, as `"msg":"mail"` lines (recipient, subject, link): its log's lines (a server
 * without SMTP_URL writes each mail there, as an operator of a single-machine install would read it), then the
 * stand-in mail server's mailbox (tests/e2e/stand-in-smtp-server.ts, when SMTP_URL names it; its lines also carry
 * every link of the mail and its text).
 */
export type MailLine = { msg: string; to: string; subject: string; link?: string; links?: string[]; text?: string };

/** Every mail so far, oldest first. */
export function mailLines(): MailLine[] {
  return [...linesOf(e2eServerLog), ...linesOf(e2eMailbox)];
}

function linesOf(file: string): MailLine[] {
  let text = "";
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const mails: MailLine[] = [];
  for (const line of text.split("\n")) {
    if (!line.includes('"msg":"mail"')) continue;
    try {
      const entry = JSON.parse(line) as MailLine;
      if (entry.msg === "mail") mails.push(entry);
    } catch {
      // a line still being written
    }
  }
  return mails;
}

/** How many mails the log holds now: pass it to `mailedLink` to wait for a newer one only. */
export function mailCount() {
  return mailLines().length;
}

/** The link of the first mail to `to` whose link starts with `path`, sent after `after` mails. */
export async function mailedLink(to: string, path: string, after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = mailLines()
          .slice(after)
          .find((mail) => mail.to === to && mail.link && new URL(mail.link).pathname === path)?.link;
        return Boolean(found);
      },
      { message: `a mail to ${to} with a ${path} link in ${e2eServerLog}`, timeout: 10_000 },
    )
    .toBe(true);
  const url = new URL(found!);
  return `${url.pathname}${url.search}`;
}
