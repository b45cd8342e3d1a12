import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../../lib/env.server.ts";
import { log } from "../../lib/log.server.ts";
import { metrics } from "../../lib/metrics.server.ts";
import { isStandInEmail } from "../auth/providers.ts";

/**
 * Outgoing mail. With `SMTP_URL` (smtp://user:pass@host:port, smtps://…) mail goes to that server from
 * `MAIL_FROM`; without it the mail's recipient, subject and every link it holds are written to the log instead, so
 * a single-machine install can still reset a password or follow an alert (the operator reads the links from the log).
 *
 * A mail server that does not answer must never hold a request: connecting, the greeting and every
 * quiet moment on the socket have short timeouts, and the whole send has a deadline. Callers send from
 * `runInBackground` (platform/mail/background.server.ts), so the page answers before the mail leaves anyway.
 */
export type Mail = {
  to: string;
  subject: string;
  /** The plain-text body: every mail has one. */
  text: string;
  /**
   * An HTML part beside the text, for a mail the reader scans (the 찜 alerts' digest), built with every value escaped;
   * no remote images (a mail app would fetch them from the reader's device).
   */
  html?: string;
  /** The one link the mail is about (the log's `link` without an SMTP server; else the text's first link). */
  link?: string;
};

/** Every http(s) address in a mail's text, in order, each once (the log line of a mail without SMTP_URL). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

export const MAIL_TIMEOUTS = { connectionMs: 5_000, greetingMs: 5_000, socketMs: 10_000, totalMs: 20_000 } as const;

let cached: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (cached?.url === url) return cached.transporter;
  cached?.transporter.close();
  // nodemailer reads the host, port, smtps: and the percent-decoded user and password from the URL, and (since 10)
  // keeps the options given beside it.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: MAIL_TIMEOUTS.connectionMs,
    greetingTimeout: MAIL_TIMEOUTS.greetingMs,
    socketTimeout: MAIL_TIMEOUTS.socketMs,
    // Not pooled (nodemailer's default): one connection per mail, nothing stays open to a server that went away.
  });
  cached = { url, transporter };
  return transporter;
}

export class MailError extends Error {
  override name = "MailError";
}

/** Sends one mail; "logged" when there is no SMTP server. Throws a MailError when the server fails. */
export async function sendMail(mail: Mail): Promise<"sent" | "logged" | "no-mailbox"> {
  // An account 카카오 or 네이버 made without an e-mail has a stand-in address under `.invalid`, which no mail reaches
  // (platform/auth/providers.ts): nothing is handed to the mail server for it.
  if (isStandInEmail(mail.to)) {
    log.info("mail not sent: the account has no address yet", { subject: mail.subject });
    return "no-mailbox";
  }
  const config = env();
  if (!config.SMTP_URL) {
    // Every link the text holds (a digest names each supplier and the unsubscribe link), the main one first.
    const links = linksIn(mail.text);
    const link = mail.link ?? links[0];
    const all = link && !links.includes(link) ? [link, ...links] : links;
    log.info("mail", { to: mail.to, subject: mail.subject, ...(link ? { link } : {}), links: all });
    return "logged";
  }
  const transporter = transporterFor(config.SMTP_URL);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new MailError(`no answer from the mail server within ${MAIL_TIMEOUTS.totalMs} ms`)),
      MAIL_TIMEOUTS.totalMs,
    );
  });
  try {
    await Promise.race([
      transporter.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
      deadline,
    ]);
    log.info("mail sent", { to: mail.to, subject: mail.subject });
    metrics.mails.inc({ result: "sent" });
    return "sent";
  } catch (error) {
    metrics.mails.inc({ result: "failed" });
    // nodemailer's messages name the host and the step ("Greeting never received"), never the password.
    throw new MailError(`mail to the SMTP server failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}
