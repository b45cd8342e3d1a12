import type http from "node:http";
import net from "node:net";
import { afterEach, expect, test } from "vitest";
import { createHttpServer, type HttpServerSettings } from "./http-server.ts";

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The real server settings around a listener that answers "ok" once it has read the whole request. */
async function start(settings: Partial<HttpServerSettings> = {}) {
  const server = createHttpServer(
    (req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    },
    { maxConnections: 100, requestTimeoutMs: 60_000, ...settings },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return (server.address() as net.AddressInfo).port;
}

/** A raw connection: what it sends, and everything the server said until it closed the connection. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => (received += chunk));
  socket.on("error", () => {});
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed, connected };
}

test("past MAX_CONNECTIONS a new connection is closed at once; the ones open keep working", async () => {
  const port = await start({ maxConnections: 2 });
  const first = connect(port);
  const second = connect(port);
  await Promise.all([first.connected, second.connected]);
  // Both are really accepted (a request on each is answered) before the third arrives.
  first.socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  second.socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  await new Promise((resolve) => setImmediate(resolve));
  const third = connect(port);
  third.socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  expect(await third.closed).toBe("");

  first.socket.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  expect(await first.closed).toContain("ok");
  second.socket.end();
  await second.closed;
  // Room again.
  const fourth = connect(port);
  fourth.socket.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  expect(await fourth.closed).toMatch(/^HTTP\/1\.1 200/);
});

test("a request not sent in full within REQUEST_TIMEOUT_SECONDS gets 408 in Korean and the connection is closed", async () => {
  const port = await start({ requestTimeoutMs: 1_000, checkEveryMs: 100 });
  const slow = connect(port);
  // The headers, then a body that stops after one byte of the ten it declared.
  slow.socket.write("POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\na");
  const answer = await slow.closed;
  expect(answer).toMatch(/^HTTP\/1\.1 408/);
  expect(answer).toContain("요청을 받는 데 시간이 너무 오래 걸렸습니다");
});

test("headers that never end are cut off too; headers past Node's limit get 431 in Korean", async () => {
  const port = await start({ requestTimeoutMs: 1_000, checkEveryMs: 100 });
  const trickle = connect(port);
  trickle.socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
  expect(await trickle.closed).toMatch(/^HTTP\/1\.1 408/);

  const huge = connect(port);
  huge.socket.write(`GET /compare?ids=${"1,".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
  const answer = await huge.closed;
  expect(answer).toMatch(/^HTTP\/1\.1 431/);
  expect(answer).toContain("요청 주소나 헤더가 너무 깁니다");
});

test("idle connections stay open 65 s by default (longer than a load balancer's 60 s), and say so; KEEP_ALIVE_SECONDS changes it", async () => {
  const port = await start();
  const answer = await fetch(`http://127.0.0.1:${port}/`);
  expect(await answer.text()).toBe("ok");
  expect(answer.headers.get("keep-alive")).toBe("timeout=65");
  const longer = await start({ keepAliveTimeoutMs: 70_000 });
  expect((await fetch(`http://127.0.0.1:${longer}/`)).headers.get("keep-alive")).toBe("timeout=70");
});
