import { expect, test } from "vitest";
import { linksIn, sendMail } from "#app/platform/mail/mail.server.ts";
import { loggedMails } from "#tests/log-capture.ts";
import { managerAddedMail } from "./supplier-mails.ts";

test("the manager-added mail, sent without SMTP_URL, writes its link to its log line", async () => {
  const mail = managerAddedMail({ to: "owner@example.com", listing: "도매몰", link: "http://127.0.0.1:3000/supplier", siteName: "도매온" });
  const [line] = await loggedMails(() => sendMail(mail));
  expect(line).toMatchObject({ to: "owner@example.com", link: "http://127.0.0.1:3000/supplier", links: linksIn(mail.text) });
  expect(line?.links).toEqual(["http://127.0.0.1:3000/supplier"]);
});
