import fs from "node:fs";
import { expect } from "@playwright/test";
import { e2eServerLog } from "./paths.ts";

/**
 * The e2e server runs without SMTP_URL, so every mail is a `"msg":"mail"` line in its log (recipient,
 * subject, link). This reads the link of the newest such mail, the way an operator of a single-machine
 * install would find it.
 */
type MailLine = { msg: string; to: string; subject: string; link?: string };

function mailLines(): MailLine[] {
  let text = "";
  try {
    text = fs.readFileSync(e2eServerLog, "utf8");
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
