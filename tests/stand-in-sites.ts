import type http from "node:http";
import { type LocalServer, setAllowHosts, startServer, stubResolver } from "./network.ts";

/**
 * Stand-in supplier sites for the site checks: one HTTP server on 127.0.0.1 that plays every site by its
 * Host header, a stub DNS that sends each of their names to 127.0.0.1, and OUTBOUND_ALLOW_HOSTS naming
 * exactly those names (127.0.0.1 itself is not allowed, so a redirect to a bare local address is refused).
 * Nothing here reaches past 127.0.0.1.
 */

export const SITE_NAMES = [
  "ok.co.kr",
  "shop.co.kr",
  "www.shop.co.kr",
  "old.co.kr",
  "new.co.kr",
  "parked.co.kr",
  "forsale.co.kr",
  "lapsed.co.kr",
  "sedo.com",
  "broken.co.kr",
  "gone.co.kr",
  "slow.co.kr",
  "endless.co.kr",
  "huge.co.kr",
  "bigpage.co.kr",
  "loop.co.kr",
  "sneaky.co.kr",
  "closed.co.kr",
  "tls.co.kr",
] as const;

export type StandInSites = {
  server: LocalServer;
  /** A second server that no site may reach (the target of `sneaky.co.kr`'s redirect). */
  forbidden: LocalServer;
  /** `http://name:port/` of a stand-in site. */
  url: (name: string, path?: string) => string;
  resolve: ReturnType<typeof stubResolver>["resolve"];
  /** Bytes the 10 MB site managed to send before the reader hung up. */
  hugeBytesSent: () => number;
  close: () => Promise<void>;
};

const page = (title: string, body = "<p>도매 상품을 공급합니다.</p>") =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

export async function startStandInSites(): Promise<StandInSites> {
  let port = 0;
  let hugeSent = 0;
  const forbidden = await startServer();
  const hold: http.ServerResponse[] = [];
  const server = await startServer((request, response) => {
    const host = (request.headers.host ?? "").replace(/:\d+$/, "");
    const path = request.url ?? "/";
    const html = (status: number, body: string) => {
      response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      response.end(body);
    };
    const redirect = (location: string) => {
      response.writeHead(301, { location });
      response.end();
    };
    switch (host) {
      case "ok.co.kr":
      case "www.shop.co.kr":
      case "new.co.kr":
        return html(200, page(`${host} 도매`));
      case "shop.co.kr":
        return redirect(`http://www.shop.co.kr:${port}/`);
      case "old.co.kr":
        return redirect(`http://new.co.kr:${port}/welcome`);
      case "parked.co.kr":
        return html(200, page("parked.co.kr", "<h1>This domain is for sale!</h1><p>Make an offer today.</p>"));
      case "forsale.co.kr":
        return html(200, page("forsale.co.kr", "<p>이 도메인은 판매 중입니다. 구매 문의: 010-0000-0000</p>"));
      case "lapsed.co.kr":
        return redirect(`http://sedo.com:${port}/search/details/?domain=lapsed.co.kr`);
      case "sedo.com":
        return html(200, page("Sedo", "<p>Domain marketplace</p>"));
      case "broken.co.kr":
        return html(500, page("Internal Server Error"));
      case "gone.co.kr":
        return html(404, page("Not Found"));
      case "slow.co.kr":
        // Never answers: held until the server closes.
        hold.push(response);
        return;
      case "endless.co.kr": {
        response.writeHead(200, { "content-type": "text/html" });
        const timer = setInterval(() => {
          if (response.destroyed) clearInterval(timer);
          else response.write("x".repeat(100));
        }, 50);
        response.on("close", () => clearInterval(timer));
        return;
      }
      case "huge.co.kr":
      case "bigpage.co.kr": {
        response.writeHead(200, { "content-type": "text/html" });
        if (host === "bigpage.co.kr") response.write(`<html><head><title>큰 도매몰</title></head><body>`);
        const chunk = "x".repeat(64 * 1024);
        let left = (10 * 1024 * 1024) / chunk.length;
        const pump = () => {
          while (left > 0 && !response.destroyed) {
            left -= 1;
            if (host === "huge.co.kr") hugeSent += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", pump);
          }
          if (!response.destroyed) response.end();
        };
        return pump();
      }
      case "loop.co.kr":
        return redirect(path === "/a" ? "/b" : "/a");
      case "sneaky.co.kr":
        return redirect(`http://127.0.0.1:${forbidden.port}/admin`);
      default:
        return html(404, page("unknown host"));
    }
  });
  port = server.port;
  // A port that was just free: nothing listens there, so a connection is refused.
  const closing = await startServer();
  const closedPort = closing.port;
  await closing.close();
  const { resolve } = stubResolver((hostname) => ((SITE_NAMES as readonly string[]).includes(hostname) ? ["127.0.0.1"] : []));
  setAllowHosts(SITE_NAMES.join(","));
  return {
    server,
    forbidden,
    url: (name, path = "/") => {
      if (name === "closed.co.kr") return `http://closed.co.kr:${closedPort}${path}`;
      if (name === "tls.co.kr") return `https://tls.co.kr:${port}${path}`;
      return `http://${name}:${port}${path}`;
    },
    resolve,
    hugeBytesSent: () => hugeSent,
    close: async () => {
      for (const response of hold) response.destroy();
      await server.close();
      await forbidden.close();
      setAllowHosts("");
    },
  };
}
