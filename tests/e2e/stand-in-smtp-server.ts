// The stand-in mail server of the e2e server (playwright.config.ts starts this file as a web server and names it in
// SMTP_URL): a real SMTP server on 127.0.0.1 (the `smtp-server` package, AUTH required, as tests/smtp.ts) that keeps
// every mail it receives as one JSON line in the mailbox file the journeys read (tests/e2e/mailbox.ts):
//   {"msg":"mail","to":"…","subject":"…","link":"<its first link>","links":[…],"text":"…"}
// and a control endpoint: GET /healthz, GET /mails (the same lines as a JSON list).
import fs from "node:fs";
import http from "node:http";
import { SMTPServer } from "smtp-server";
import { mailSubject, mailText } from "../mail-decode.ts";
import { e2eMailbox, e2eSmtpControlPort, e2eSmtpPort } from "./paths.ts";

type Stored = { msg: "mail"; to: string; subject: string; link?: string; links: string[]; text: string };
const mails: Stored[] = [];
fs.writeFileSync(e2eMailbox, "");

const server = new SMTPServer({
  secure: false,
  disabledCommands: ["STARTTLS"],
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === "mailer" && auth.password === "mail-secret") return callback(null, { user: "mailer" });
    return callback(new Error("Invalid username or password"));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const raw = { raw: Buffer.concat(chunks).toString("utf8") };
      const text = mailText(raw);
      const links = text.match(/https?:\/\/[^\s]+/g) ?? [];
      for (const rcpt of session.envelope.rcptTo) {
        const mail: Stored = {
          msg: "mail",
          to: rcpt.address,
          subject: mailSubject(raw),
          links,
          text,
          ...(links[0] ? { link: links[0] } : {}),
        };
        mails.push(mail);
        fs.appendFileSync(e2eMailbox, `${JSON.stringify(mail)}\n`);
      }
      callback();
    });
  },
});
server.listen(e2eSmtpPort, "127.0.0.1");

http
  .createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://stand-in").pathname;
    response.writeHead(path === "/healthz" || path === "/mails" ? 200 : 404, { "content-type": "application/json" });
    response.end(JSON.stringify(path === "/mails" ? mails : { ok: path === "/healthz" }));
  })
  .listen(e2eSmtpControlPort, "127.0.0.1");
