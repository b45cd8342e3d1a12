// The stand-in registries of the official records for the e2e server (playwright.config.ts starts this file as a
// web server on E2E_PORT + 10000): the same stand-in as the Vitest suites (tests/stand-in-registries.ts), a real
// HTTP server on 127.0.0.1, plus a control endpoint the journeys use to say what each number answers.
//   POST /control/nts  {"number": "…", "answer": {"state": "01" | "02" | "03" | "unregistered", …}}
//   POST /control/ftc  {"number": "…", "answer": {"found": true, "mailOrderNumber": …, "state": …, "domains": …}}
//   GET  /control/calls  the calls received so far (without the key)
//   GET  /healthz
import type http from "node:http";
import { type FtcAnswer, type NtsAnswer, startStandInRegistries } from "../stand-in-registries.ts";
import { e2eRegistryPort } from "./paths.ts";

function readJson(request: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > 64 * 1024) request.destroy();
    });
    request.on("end", () => {
      try {
        resolve(JSON.parse(body));
      } catch (error) {
        reject(error);
      }
    });
  });
}

const registries = await startStandInRegistries({
  port: e2eRegistryPort,
  other: (request, response) => {
    const path = new URL(request.url ?? "/", "http://stand-in").pathname;
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (path === "/healthz") return reply(200, { ok: true });
    if (path === "/control/calls") {
      return reply(
        200,
        registries.calls.map(({ service, numbers }) => ({ service, numbers })),
      );
    }
    if (request.method === "POST" && (path === "/control/nts" || path === "/control/ftc")) {
      readJson(request)
        .then((body) => {
          const { number, answer } = body as { number: string; answer: unknown };
          if (path === "/control/nts") registries.setNts(number, answer as NtsAnswer);
          else registries.setFtc(number, answer as FtcAnswer);
          reply(200, { ok: true });
        })
        .catch(() => reply(400, { ok: false }));
      return;
    }
    reply(404, { ok: false });
  },
});
// Numbers no journey set up (the demo's, other journeys') fail like a service that is down: nothing is stored.
registries.unknown = "fail";
process.on("SIGTERM", () => void registries.close().then(() => process.exit(0)));
process.on("SIGINT", () => void registries.close().then(() => process.exit(0)));
