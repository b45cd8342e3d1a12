import { afterEach, expect, test, vi } from "vitest";
import { captureLog } from "#tests/log-capture.ts";
import { mailSubject, mailText, startSilentServer, startSmtpServer } from "#tests/smtp.ts";
import { env } from "../../lib/env.server.ts";
import { MailError, sendMail } from "./mail.server.ts";

const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM, PUBLIC_URL: process.env.PUBLIC_URL };

afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.restoreAllMocks();
});

test("a mail reaches a real SMTP server, signed in with the URL's user and password, from MAIL_FROM", async () => {
  const smtp = await startSmtpServer();
  try {
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = "help@domae.example";
    const link = "http://localhost:3000/reset-password?token=abc_DEF-123";
    expect(
      await sendMail({ to: "seller@example.com", subject: "비밀번호 재설정 안내", text: `아래 링크를 여세요.\n${link}\n`, link }),
    ).toBe("sent");
    const [mail] = smtp.received;
    expect(mail?.from).toBe("help@domae.example");
    expect(mail?.to).toEqual(["seller@example.com"]);
    expect(mailSubject(mail!)).toBe("비밀번호 재설정 안내");
    expect(mailText(mail!)).toContain(link);
  } finally {
    await smtp.close();
  }
});

test("MAIL_FROM defaults to no-reply@ the host of PUBLIC_URL", async () => {
  delete process.env.MAIL_FROM;
  process.env.PUBLIC_URL = "https://www.domae.example";
  expect(env().mailFrom).toBe("no-reply@www.domae.example");
  process.env.PUBLIC_URL = "http://127.0.0.1:3281";
  expect(env().mailFrom).toBe("no-reply@[127.0.0.1]");
});

test("wrong SMTP credentials are a MailError, not a crash", async () => {
  const smtp = await startSmtpServer({ password: "right" });
  try {
    process.env.SMTP_URL = smtp.url.replace(":right@", ":wrong@");
    await expect(sendMail({ to: "a@example.com", subject: "x", text: "x" })).rejects.toBeInstanceOf(MailError);
    expect(smtp.received).toHaveLength(0);
  } finally {
    await smtp.close();
  }
});

test("a server that accepts and never answers ends in a MailError after the greeting timeout, without the password in it", async () => {
  const silent = await startSilentServer();
  try {
    process.env.SMTP_URL = silent.url;
    const error = await sendMail({ to: "a@example.com", subject: "x", text: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as Error).message).toMatch(/greeting|timeout/i);
    expect((error as Error).message).not.toContain("mail-secret");
    expect(silent.connections()).toBe(1);
  } finally {
    await silent.close();
  }
});

test("a closed port is a MailError too", async () => {
  const silent = await startSilentServer();
  const closedUrl = silent.url;
  await silent.close();
  process.env.SMTP_URL = closedUrl;
  await expect(sendMail({ to: "a@example.com", subject: "x", text: "x" })).rejects.toBeInstanceOf(MailError);
});

test("without SMTP_URL the mail's recipient, subject and every link it holds are written to the log, and nothing is sent", async () => {
  delete process.env.SMTP_URL;
  const lines = captureLog();
  const link = "http://localhost:3000/verify-email?token=xyz";
  expect(await sendMail({ to: "boss@example.com", subject: "관리자 이메일 확인", text: `본문 ${link}`, link })).toBe("logged");
  // A mail without a link of its own (a digest) still names each address of its text, the first as `link`.
  const page = "http://localhost:3000/wholesaler/7";
  const off = "http://localhost:3000/alerts/unsubscribe?token=a.b";
  await sendMail({ to: "fan@example.com", subject: "알림", text: `■ 도매몰\n${page}\n\n끄기: ${off}\n다시: ${page}` });
  expect(lines).toEqual([
    expect.objectContaining({ level: "info", msg: "mail", to: "boss@example.com", subject: "관리자 이메일 확인", link, links: [link] }),
    expect.objectContaining({ msg: "mail", to: "fan@example.com", link: page, links: [page, off] }),
  ]);
});

test("SMTP_URL, MAIL_FROM and PUBLIC_URL are checked at start-up", () => {
  process.env.SMTP_URL = "http://mail.example.com";
  expect(() => env()).toThrow(/SMTP_URL/);
  process.env.SMTP_URL = "smtps://user:pass@mail.example.com:465";
  process.env.MAIL_FROM = "not an address";
  expect(() => env()).toThrow(/MAIL_FROM/);
  process.env.MAIL_FROM = "";
  expect(env().SMTP_URL).toBe("smtps://user:pass@mail.example.com:465");
  // The links in every mail start with it: a value that is no address is refused with a line that says which.
  process.env.PUBLIC_URL = "domae.example.com";
  expect(() => env()).toThrow(/PUBLIC_URL must be an address like https:\/\/domae\.example\.com \(주소 형식이어야 합니다\)/);
});
