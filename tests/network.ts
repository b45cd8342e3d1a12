import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import type { Connector, Resolver } from "#app/platform/outbound/safe-fetch.server.ts";
import { corporaDir, hasCorpora } from "./corpora.ts";

/**
 * Test doubles for the og:image fetcher: local HTTP servers on 127.0.0.1, stub DNS, and a fake network in
 * which every address that is not a known public test address leads to the canary. No test built on these
 * opens a connection to anything but 127.0.0.1.
 */

export type LocalServer = {
  port: number;
  origin: string;
  /** Paths requested, in order. */
  requests: string[];
  /** TCP connections accepted (a connection counts even if no HTTP request follows). */
  connections: () => number;
  close: () => Promise<void>;
};

const CANARY_PAGE = `<html><head><meta property="og:image" content="/canary.png"></head><body>canary</body></html>`;

export async function startServer(handler?: http.RequestListener): Promise<LocalServer> {
  const requests: string[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? "");
    if (handler) return handler(request, response);
    response.writeHead(200, { "content-type": "text/html" });
    response.end(CANARY_PAGE);
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Addresses the fake network treats as the outside internet: unreachable, never the canary. */
export const PUBLIC_TEST_ADDRESSES = new Set(["93.184.216.34", "1.1.1.1", "2.2.2.2", "3.3.3.3", "2606:4700:4700::1111"]);

export type Attempt = { host: string; address: string; port: number };

/**
 * A Connector standing in for the whole network. It resolves names through the `lookup` node:http hands
 * it (the fetcher's checking lookup, as net.connect would), then: a public test address is unreachable;
 * 127.0.0.1 on the port of one of `reachable` goes to that server; ANY other address goes to the canary.
 */
export function fakeNetwork(canary: LocalServer, reachable: LocalServer[] = []) {
  const attempts: Attempt[] = [];
  const unreachable = () => Object.assign(new Error("connect ENETUNREACH (test network)"), { code: "ENETUNREACH" });
  const connect: Connector = (options) => {
    const { host = "", port = 0, lookup } = options as net.TcpNetConnectOpts;
    if (net.isIP(host)) {
      // net.connect does not call lookup for an address literal, so neither does this.
      attempts.push({ host, address: host, port: Number(port) });
      if (PUBLIC_TEST_ADDRESSES.has(host)) {
        const socket = new net.Socket();
        setImmediate(() => socket.destroy(unreachable()));
        return socket;
      }
      const local = host === "127.0.0.1" ? reachable.find((server) => server.port === Number(port)) : undefined;
      return net.connect({ host: "127.0.0.1", port: (local ?? canary).port });
    }
    if (!lookup) throw new Error("the fetcher must pass its checking lookup");
    // A name: resolved by the fetcher's lookup; a public answer is unreachable, anything else is the canary.
    return net.connect({
      host,
      port: canary.port,
      autoSelectFamily: false,
      lookup: (hostname, _options, callback) => {
        lookup(hostname, {}, (error, address) => {
          if (error) return callback(error, "", 4);
          attempts.push({ host, address: String(address), port: Number(port) });
          if (PUBLIC_TEST_ADDRESSES.has(String(address))) return callback(unreachable(), "", 4);
          callback(null, "127.0.0.1", 4);
        });
      },
    });
  };
  return { connect, attempts };
}

/** DNS that answers from a table (or a function) and records the names asked. */
export function stubResolver(answer: Record<string, string[]> | ((hostname: string, call: number) => string[])) {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname);
    const addresses = typeof answer === "function" ? answer(hostname, calls.length) : (answer[hostname] ?? []);
    if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
  };
  return { resolve, calls };
}

/** OUTBOUND_ALLOW_HOSTS for the following calls (the test-only allowance is configuration). */
export function setAllowHosts(value: string) {
  process.env.OUTBOUND_ALLOW_HOSTS = value;
}

const CORPUS_DIR = hasCorpora ? path.join(corporaDir, "ssrf") : "";

export function corpusAvailable() {
  return CORPUS_DIR !== "" && fs.existsSync(CORPUS_DIR);
}

function corpusLines(file: string) {
  return fs
    .readFileSync(path.join(CORPUS_DIR, file), "utf8")
    .split("\n")
    .map((line) => line.replace(/\r$/, ""))
    .filter((line) => line.trim() && !line.startsWith("#"));
}

/** A bare host or host:port becomes an http URL; anything with a scheme stays as written. */
function asUrl(entry: string) {
  return /^[a-z][a-z0-9+.-]*:/i.test(entry) && !/^[^/]*:\+?\d/.test(entry) ? entry : `http://${entry}`;
}

/** Every URL of the SSRF corpora that a guard must refuse, with the file it came from. */
export function blockedCorpus(): { source: string; url: string }[] {
  const rows: { source: string; url: string }[] = [];
  for (const line of corpusLines("ssrf-req-filter-blockedUrls.txt")) rows.push({ source: "ssrf-req-filter", url: line.trim() });
  for (const line of corpusLines("seclists-SSRF_hacktricks.txt")) rows.push({ source: "seclists", url: asUrl(line.trim()) });
  for (const line of corpusLines("patt-ssrf-payloads.tsv")) rows.push({ source: "patt", url: asUrl(line.split("\t")[0]?.trim() ?? "") });
  for (const line of corpusLines("generated/ssrf-host-encodings.tsv")) {
    const [url = "", , verdict = ""] = line.split("\t");
    // block/reject rows must be refused by policy; dns rows are refused once the stub DNS answers privately.
    if (/^(block|reject|dns)/.test(verdict)) rows.push({ source: `encodings (${verdict.split(":")[0]})`, url });
  }
  return rows;
}

export function allowedCorpus() {
  return corpusLines("ssrf-req-filter-allowedUrls.txt").map((line) => line.trim());
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
