import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { expect, test } from "@playwright/test";

/** These journeys start their own server processes (another port, their own DATA_DIR). */
const port = Number(process.env.E2E_PORT || 3210) + 80;
const base = `http://127.0.0.1:${port}`;

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "0", AUTH_RATE_LIMIT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

function freshDir(name: string) {
  const dir = `./data-e2e-ops-${name}-${process.pid}`;
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}

let running: ChildProcess | undefined;
test.afterEach(() => {
  if (running && running.exitCode === null) running.kill("SIGKILL");
});
test.afterAll(() => {
  for (const entry of fs.readdirSync(".")) {
    if (entry.startsWith("data-e2e-ops-") && entry.endsWith(`-${process.pid}`)) fs.rmSync(entry, { recursive: true, force: true });
  }
});

test("a second server on the same DATA_DIR refuses to start; SIGTERM drains an in-flight request and exits 0", async () => {
  const dir = freshDir("drain");
  const first = startServer({ DATA_DIR: dir });
  running = first.child;
  await waitHealthy();

  const second = spawn(process.execPath, ["server.ts"], { env: { ...process.env, PORT: String(port + 1), DATA_DIR: dir } });
  let secondOutput = "";
  second.stderr.on("data", (chunk) => (secondOutput += chunk));
  const secondCode = await new Promise((resolve) => second.on("exit", resolve));
  expect(secondCode).toBe(1);
  expect(secondOutput).toContain("is already in use");

  // A request still uploading its body when the signal arrives.
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((r) => socket.once("connect", r));
  const body = "email=a%40example.com&password=wrong-password";
  socket.write(
    `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk));
  const closed = new Promise((r) => socket.once("close", r));
  await new Promise((r) => setTimeout(r, 200));

  const signalledAt = Date.now();
  first.child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 300));
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();

  socket.write(body.slice(10));
  await closed;
  expect(answer).toMatch(/^HTTP\/1\.1 (200|400|401) /);
  expect(await first.exited).toBe(0);
  // The server gives in-flight requests at most 10 s; a little slack for a busy machine.
  expect(Date.now() - signalledAt).toBeLessThan(12_000);
  expect(first.output()).toContain('"msg":"stopped"');
});

test("security headers on every page; a cross-site form post is refused", async () => {
  const dir = freshDir("headers");
  const server = startServer({ DATA_DIR: dir, PUBLIC_URL: base });
  running = server.child;
  await waitHealthy();

  const page = await fetch(`${base}/list`);
  const csp = page.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{22,}' 'strict-dynamic'/);
  for (const part of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(part);
  expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  expect(page.headers.get("referrer-policy")).toBeTruthy();
  expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(page.headers.get("x-powered-by")).toBeNull();
  const html = await page.text();
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(html).toContain(`nonce="${nonce}"`);
  // Each response has its own nonce.
  const again = await fetch(`${base}/list`);
  expect(again.headers.get("content-security-policy")).not.toBe(csp);

  const crossSite = await fetch(`${base}/signup`, {
    method: "POST",
    headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    body: "email=victim%40example.com&password=correct-horse-9",
    redirect: "manual",
  });
  expect(crossSite.status).toBe(403);
  const noOrigin = await fetch(`${base}/signup`, {
    method: "POST",
    headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
    body: "email=victim2%40example.com&password=correct-horse-9",
    redirect: "manual",
  });
  expect(noOrigin.status).toBe(403);
  server.child.kill("SIGTERM");
  await server.exited;
});

test("start-up problems are one clear line naming the setting", async () => {
  const badUrl = startServer({ DATA_DIR: freshDir("badurl"), DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
  expect(await badUrl.exited).toBe(1);
  expect(badUrl.output()).toContain("DATABASE_URL");
  expect(badUrl.output()).not.toMatch(/\n\s+at /);

  const file = `./data-e2e-ops-file-${process.pid}`;
  fs.writeFileSync(file, "not a folder");
  try {
    const badDir = startServer({ DATA_DIR: file });
    expect(await badDir.exited).toBe(1);
    expect(badDir.output()).toContain("DATA_DIR");
  } finally {
    fs.rmSync(file, { force: true });
  }
});
