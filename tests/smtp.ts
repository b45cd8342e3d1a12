import net from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { mailHtml, mailSubject, mailText } from "./mail-decode.ts";

export { mailHtml, mailSubject, mailText };

/**
 * Stand-ins for a mail server, on 127.0.0.1 and started by the test: a real SMTP server (the
 * `smtp-server` package) that keeps what it receives, and a port that accepts connections and never
 * says a word (a firewall that swallows packets, a hung server).
 */
export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpStandIn = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next mail whose raw text matches (or the first such mail already received). */
  nextMail: (match?: (mail: ReceivedMail) => boolean) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

export async function startSmtpServer({ user = "mailer", password = "mail-secret" } = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    // Plain SMTP on a loopback port: no certificate to make, and AUTH is still required.
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    port,
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    received,
    nextMail: (match = () => true) => {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port that accepts every connection and never answers: no greeting, no reply, no close. */
export async function startSilentServer(): Promise<{ port: number; url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `smtp://mailer:mail-secret@127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * For a Vitest file whose code sends mail: a stand-in started before its tests and named in SMTP_URL, closed after
 * them. The returned object reads the running stand-in.
 */
export function useSmtpStandIn(): SmtpStandIn {
  let started: SmtpStandIn | undefined;
  const current = () => {
    if (!started) throw new Error("the SMTP stand-in starts in beforeAll");
    return started;
  };
  beforeAll(async () => {
    started = await startSmtpServer();
    process.env.SMTP_URL = started.url;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await started?.close();
  });
  return {
    get port() {
      return current().port;
    },
    get url() {
      return current().url;
    },
    get received() {
      return current().received;
    },
    nextMail: (match) => current().nextMail(match),
    close: () => current().close(),
  };
}
