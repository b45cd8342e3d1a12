import { expect, test } from "vitest";
import { linksIn, sendMail } from "#app/platform/mail/mail.server.ts";
import { loggedMails } from "#tests/log-capture.ts";
import { repeatedLoginFailuresMail, resetPasswordMail, verifyAdminEmailMail } from "./account-mails.ts";

const siteName = "도매온";
const to = "seller@example.com";

// Without SMTP_URL an operator reads the mail from the log (README): every link the mail holds is on its line.
test("each account mail, sent without SMTP_URL, writes every link it holds to its log line", async () => {
  const mails = [
    resetPasswordMail({ to, siteName, link: "http://127.0.0.1:3000/reset-password?token=r1" }),
    verifyAdminEmailMail({ to, siteName, link: "http://127.0.0.1:3000/verify-email?token=v1" }),
    repeatedLoginFailuresMail({ to, siteName, resetLink: "http://127.0.0.1:3000/forgot-password" }),
  ];
  const lines = await loggedMails(async () => {
    for (const mail of mails) await sendMail(mail);
  });
  expect(lines.map((line) => line.subject)).toEqual(mails.map((mail) => mail.subject));
  for (const [i, mail] of mails.entries()) {
    expect(linksIn(mail.text).length).toBeGreaterThan(0);
    expect(lines[i]?.links).toEqual(linksIn(mail.text));
    expect(lines[i]?.link).toBe(mail.link);
  }
});
