// npm run bench:faults [-- crash|soak|two-processes] : fault and load trials on 127.0.0.1, bounded in time.
//   crash          kill -9 the server during a stream of acknowledged writes, 10 times, on PGlite and PostgreSQL
//   soak           50 concurrent clients for 60 s, mixed reads and writes, signed in and anonymous
//   two-processes  two app servers on one PostgreSQL: a session from one works on the other; the login limit is shared
//   memory         14 anonymous 300 MiB POSTs at once (half declared, half chunked): every answer 413, peak memory flat
//   start-together three servers started at the same moment on one empty PostgreSQL, 10 rounds: no exit, one seed
//   site-checks    1,000 site checks against a stand-in server with /healthz probed, and a kill -9 mid-run
//   forged-uploads 300 anonymous 8 MiB uploads at once with a made-up session cookie: every answer 413, memory flat
//   pg-outage      10 clients while the trial's own PostgreSQL is stopped and started: 503 with Retry-After, never
//                  500, no session token in the log (a throwaway cluster, bench/throwaway-postgres.ts)
//   pictures       1, 7 and 30 fresh accounts flood the picture queue with the costliest PNG while a real user's
//                  picture is timed; the server's memory before, at the peak and after (PostgreSQL)
//   cluster        primary + streaming replica, PgBouncer, 3 web (JOBS=none) + 1 worker, 50 clients for 60 s while one
//                  web process is killed: 5xx, lost writes, read-your-own-write, replica staleness, p95 per route
//   image          the Dockerfile built with podman on a base made from Debian's packages, its server run from the
//                  image's own files (chroot) on PostgreSQL: ready, a page, /metrics, a worker, a clean stop
//   --port N       the first of the ports the trials' servers use (default 3500)
// Results go to bench/results/faults.json and docs/operations.md quotes them.
import fs from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import { inArray, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { products, user } from "#app/db/schema.ts";
import { withDatabase } from "../scripts/with-database.ts";
import { clusterTrial } from "./cluster-trial.ts";
import { imageTrial } from "./image-trial.ts";
import { pictureFloodTrial } from "./picture-flood-trial.ts";
import {
  BENCH_AUTH_SECRET,
  createPostgresDatabase,
  ensureBuild,
  postgresReachable,
  type ServerHandle,
  signUp,
  startServer,
  stopServer,
  tempDataDir,
} from "./server-process.ts";
import { siteCheckTrial } from "./site-check-trial.ts";
import { startThrowawayPostgres } from "./throwaway-postgres.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "10" },
    seconds: { type: "string", default: "60" },
    clients: { type: "string", default: "50" },
    port: { type: "string", default: "3500" },
  },
});
const which = positionals[0] ?? "all";
const PORT = Number(values.port);

type Storage = { kind: "pglite" | "postgres"; env: Record<string, string>; drop: () => Promise<void> };

async function storage(kind: Storage["kind"], name: string): Promise<Storage> {
  if (kind === "pglite") {
    const dir = tempDataDir(name);
    return { kind, env: { DATA_DIR: dir, SEED_DEMO: "0" }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const created = await createPostgresDatabase(`domae_${name}`);
  return { kind, env: { DATABASE_URL: created.url, AUTH_SECRET: BENCH_AUTH_SECRET, SEED_DEMO: "0" }, drop: created.drop };
}

async function kinds(): Promise<Storage["kind"][]> {
  return (await postgresReachable()) ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * Each writer signs up (an acknowledged account) and then registers products as fast as it can; every
 * 2xx/3xx answer is an acknowledged write. The server is killed with SIGKILL at a random moment.
 */
async function crashTrial(kind: Storage["kind"], rounds: number) {
  const s = await storage(kind, "crash");
  const accounts: string[] = [];
  const productNames: string[] = [];
  let reopenFailures = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      let server: ServerHandle;
      try {
        server = await startServer(PORT, s.env);
      } catch (error) {
        reopenFailures += 1;
        console.error(`round ${round}: could not reopen: ${(error as Error).message}`);
        continue;
      }
      let stop = false;
      const writers = Array.from({ length: 4 }, async (_, w) => {
        try {
          const email = `crash-${round}-${w}@example.com`;
          const { status, cookie } = await signUp(server.base, email);
          if (status !== 302) return;
          accounts.push(email);
          for (let i = 0; !stop; i++) {
            const name = `장애 시험 ${round}-${w}-${i}`;
            const res = await fetch(`${server.base}/add`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base, cookie },
              body: new URLSearchParams({ name, price: "1000", summary: "", imageUrl: "", siteUrl: "" }),
              redirect: "manual",
            });
            await res.arrayBuffer();
            if (res.status < 400) productNames.push(name);
          }
        } catch {
          // The server died under us: that request was never acknowledged.
        }
      });
      await new Promise((r) => setTimeout(r, 1500 + Math.random() * 2000));
      server.child.kill("SIGKILL");
      stop = true;
      await Promise.all(writers);
      await server.exited;
    }
    const found = await withDatabase(async () => {
      let users = 0;
      let items = 0;
      for (let i = 0; i < accounts.length; i += 500) {
        users += (
          await db()
            .select({ id: user.id })
            .from(user)
            .where(inArray(user.email, accounts.slice(i, i + 500)))
        ).length;
      }
      for (let i = 0; i < productNames.length; i += 500) {
        items += (
          await db()
            .select({ id: products.id })
            .from(products)
            .where(inArray(products.name, productNames.slice(i, i + 500)))
        ).length;
      }
      return users + items;
    }, s.env);
    const acknowledged = accounts.length + productNames.length;
    return { kind, rounds, acknowledgedWrites: acknowledged, found, lost: acknowledged - found, reopenFailures };
  } finally {
    await s.drop();
  }
}

async function soakTrial(kind: Storage["kind"], seconds: number, clients: number) {
  const s = await storage(kind, "soak");
  const server = await startServer(PORT, { ...s.env, SEED_DEMO: "1" });
  const statuses: Record<string, number> = {};
  const created: string[] = [];
  let requests = 0;
  const count = (status: number) => {
    const key = `${Math.floor(status / 100)}xx`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    requests += 1;
  };
  const deadline = Date.now() + seconds * 1000;
  try {
    const workers = Array.from({ length: clients }, async (_, c) => {
      const signedIn = c % 2 === 0;
      const cookie = signedIn ? (await signUp(server.base, `soak-${kind}-${c}-${Date.now()}@example.com`)).cookie : "";
      let i = 0;
      while (Date.now() < deadline) {
        i += 1;
        if (signedIn && i % 4 === 0) {
          const name = `부하 시험 상품 ${c}-${i}`;
          const res = await fetch(`${server.base}/add`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base, cookie },
            body: new URLSearchParams({ name, price: "12000", summary: "부하 시험", imageUrl: "", siteUrl: "" }),
            redirect: "manual",
          });
          count(res.status);
          await res.arrayBuffer();
          if (res.status < 400) created.push(name);
        } else {
          const path = ["/list", "/list?q=도매", "/products?q=상품", "/products", "/sellernote", "/list?category=식품"][i % 6] as string;
          const res = await fetch(`${server.base}${path}`, { headers: cookie ? { cookie } : {} });
          count(res.status);
          await res.arrayBuffer();
        }
      }
    });
    await Promise.all(workers);
  } finally {
    await stopServer(server);
  }
  const found = await withDatabase(async () => {
    let n = 0;
    for (let i = 0; i < created.length; i += 500) {
      n += (
        await db()
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.name, created.slice(i, i + 500)))
      ).length;
    }
    return n;
  }, s.env);
  await s.drop();
  return {
    kind,
    seconds,
    clients,
    requests,
    requestsPerSecond: Math.round(requests / seconds),
    statuses,
    acknowledgedWrites: created.length,
    lostWrites: created.length - found,
  };
}

async function twoProcessTrial() {
  if (!(await postgresReachable())) return { skipped: "PostgreSQL not reachable" };
  const s = await storage("postgres", "two");
  const a = await startServer(PORT, { ...s.env, AUTH_RATE_LIMIT: "5" });
  const b = await startServer(PORT + 1, { ...s.env, AUTH_RATE_LIMIT: "5" });
  try {
    const { cookie } = await signUp(a.base, "two-processes@example.com");
    const onB = await fetch(`${b.base}/add`, { headers: { cookie }, redirect: "manual" });
    const login = (base: string) =>
      fetch(`${base}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
        body: new URLSearchParams({ email: "two-processes@example.com", password: "wrong-password" }),
        redirect: "manual",
      }).then((r) => r.status);
    // Five attempts a minute per address: alternating between the servers, the sixth is refused only if they share the count.
    const attempts = [
      await login(a.base),
      await login(b.base),
      await login(a.base),
      await login(b.base),
      await login(a.base),
      await login(b.base),
    ];
    return {
      sessionFromAWorksOnB: onB.status === 200,
      loginStatuses: attempts,
      limitShared: attempts.slice(0, 5).every((s) => s === 401) && attempts[5] === 429,
    };
  } finally {
    await stopServer(a);
    await stopServer(b);
    await s.drop();
  }
}

/** Resident memory of a process in MB (Linux /proc). */
function residentMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** One MiB of body, shared by every upload the trials send. */
const MIB = Buffer.alloc(1024 * 1024, 97);

/** One POST of `mib` MiB to `path`, sent until the server answers; resolves with the status (0: the connection failed). */
function hugePost(base: string, mib: number, declared: boolean, { path = "/login", cookie }: { path?: string; cookie?: string } = {}) {
  return new Promise<number>((resolve) => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", origin: base };
    if (declared) headers["content-length"] = String(mib * MIB.length);
    if (cookie) headers.cookie = cookie;
    const req = http.request(`${base}${path}`, { method: "POST", headers }, (res) => {
      res.resume();
      req.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve(0));
    let sent = 0;
    const pump = () => {
      while (sent < mib && !req.destroyed) {
        sent += 1;
        if (!req.write(MIB)) return req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

/** Resident memory of `pid` sampled every 25 ms while `work` runs: before, peak and 500 ms after. */
async function memoryDuring<T>(pid: number, work: () => Promise<T>) {
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 25);
  const started = Date.now();
  const result = await work();
  const seconds = (Date.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  clearInterval(sampler);
  const after = residentMb(pid);
  return {
    result,
    seconds,
    residentMbBefore: Math.round(before),
    residentMbPeak: Math.round(peak),
    residentMbAfter: Math.round(after),
    peakGrowthMb: Math.round(peak - before),
  };
}

async function memoryTrial() {
  const s = await storage("pglite", "memory");
  const server = await startServer(PORT, s.env);
  try {
    for (let i = 0; i < 5; i++) await (await fetch(`${server.base}/list`)).arrayBuffer();
    const { result: statuses, ...memory } = await memoryDuring(server.child.pid as number, () =>
      Promise.all(Array.from({ length: 14 }, (_, i) => hugePost(server.base, 300, i % 2 === 0))),
    );
    const health = Date.now();
    const healthy = (await fetch(`${server.base}/healthz`)).ok;
    return {
      requests: statuses.length,
      statuses,
      all413: statuses.every((status) => status === 413),
      ...memory,
      healthzAfterMs: Date.now() - health,
      healthy,
    };
  } finally {
    await stopServer(server);
    await s.drop();
  }
}

/**
 * Issue 28 item 2: a cookie merely named like the session cookie once lifted the anonymous limit to the
 * upload's 8 MiB, and 300 such uploads held 4.38 GB. Half declare their length, half are chunked.
 */
async function forgedUploadTrial(uploads = 300) {
  const s = await storage("pglite", "uploads");
  const server = await startServer(PORT, s.env);
  try {
    for (let i = 0; i < 5; i++) await (await fetch(`${server.base}/list`)).arrayBuffer();
    const cookie = "better-auth.session_token=x";
    const { result: statuses, ...memory } = await memoryDuring(server.child.pid as number, () =>
      Promise.all(Array.from({ length: uploads }, (_, i) => hugePost(server.base, 8, i % 2 === 0, { path: "/admin/import", cookie }))),
    );
    const counted: Record<string, number> = {};
    for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
    const health = Date.now();
    const healthy = (await fetch(`${server.base}/healthz`)).ok;
    return {
      uploads,
      mibEach: 8,
      statuses: counted,
      // 413 from the body limit (a declared length), or 401 from the page itself (a chunked body within the
      // form limit reaches the action, which refuses an anonymous request before reading it).
      allRefused: statuses.every((status) => status === 413 || status === 401),
      ...memory,
      healthzAfterMs: Date.now() - health,
      healthy,
    };
  } finally {
    await stopServer(server);
    await s.drop();
  }
}

/** How many warning and error lines of each message a server's log holds. */
function linesByMessage(log: string) {
  const counts: Record<string, number> = {};
  for (const line of log.split("\n")) {
    if (!line.startsWith("{")) continue;
    const { level, msg } = JSON.parse(line) as { level?: string; msg?: string };
    if (level === "info") continue;
    counts[`${level} ${msg}`] = (counts[`${level} ${msg}`] ?? 0) + 1;
  }
  return counts;
}

/**
 * Issue 28 item 7: during a PostgreSQL outage pages answered 500 and 2,679 log lines held session tokens.
 * Ten clients (half signed in, half anonymous; pages, data requests and product registrations) run while the
 * trial's own PostgreSQL server is stopped for `outageSeconds` and started again.
 */
async function pgOutageTrial({ clients = 10, beforeSeconds = 5, outageSeconds = 8, afterSeconds = 10 } = {}) {
  const postgres = await startThrowawayPostgres();
  try {
    const url = await postgres.createDatabase("domae_outage");
    const server = await startServer(PORT, { DATABASE_URL: url, AUTH_SECRET: BENCH_AUTH_SECRET, SEED_DEMO: "1" }, { keepOutput: true });
    type Phase = "before" | "outage" | "after";
    let phase: Phase = "before";
    const statuses: Record<Phase, Record<string, number>> = { before: {}, outage: {}, after: {} };
    let unavailableWithoutRetryAfter = 0;
    let startedAgainAt = 0;
    let firstOkAfterStartMs: number | null = null;
    let stop = false;
    // Half the clients sign in first; the clock starts once they have.
    const cookies = await Promise.all(
      Array.from({ length: clients }, async (_, c) => (c % 2 === 0 ? (await signUp(server.base, `outage-${c}@example.com`)).cookie : "")),
    );
    const workers = cookies.map(async (cookie, c) => {
      for (let i = 0; !stop; i++) {
        const write = cookie && i % 5 === 4;
        const path = ["/list", "/products", "/list.data", "/wholesaler/1", "/sellernote", "/products.data"][i % 6] as string;
        let res: Response;
        try {
          res = write
            ? await fetch(`${server.base}/add`, {
                method: "POST",
                headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base, cookie },
                body: new URLSearchParams({ name: `장애 중 상품 ${c}-${i}`, price: "1000", summary: "", imageUrl: "", siteUrl: "" }),
                redirect: "manual",
              })
            : await fetch(`${server.base}${path}`, { headers: cookie ? { cookie } : {} });
          await res.arrayBuffer();
        } catch {
          statuses[phase].connectionFailed = (statuses[phase].connectionFailed ?? 0) + 1;
          continue;
        }
        statuses[phase][res.status] = (statuses[phase][res.status] ?? 0) + 1;
        if (res.status === 503 && !res.headers.get("retry-after")) unavailableWithoutRetryAfter += 1;
        if (phase === "after" && res.status < 400 && firstOkAfterStartMs === null) firstOkAfterStartMs = Date.now() - startedAgainAt;
      }
    });
    await new Promise((r) => setTimeout(r, beforeSeconds * 1000));
    postgres.stop();
    phase = "outage";
    await new Promise((r) => setTimeout(r, outageSeconds * 1000));
    phase = "after";
    startedAgainAt = Date.now();
    postgres.start();
    await new Promise((r) => setTimeout(r, afterSeconds * 1000));
    stop = true;
    await Promise.all(workers);
    const serverExited = server.child.exitCode !== null;
    await stopServer(server);
    const log = server.output();
    const tokens = cookies.filter(Boolean).map((cookie) => decodeURIComponent(/session_token=([^;.]+)/.exec(cookie)?.[1] ?? ""));
    const all = Object.values(statuses).flatMap((counts) => Object.entries(counts));
    const total = (status: string) => all.filter(([key]) => key === status).reduce((n, [, count]) => n + count, 0);
    return {
      clients,
      seconds: { before: beforeSeconds, outage: outageSeconds, after: afterSeconds },
      statuses,
      answered500: total("500"),
      answered503: total("503"),
      unavailableWithoutRetryAfter,
      firstOkAfterStartMs,
      serverExited,
      sessionTokensWatched: tokens.length,
      sessionTokensInLog: tokens.filter((token) => log.includes(token)).length,
      logLinesWithQueryParams: log.split("\n").filter((line) => line.includes("params:")).length,
      logLines: log.split("\n").filter(Boolean).length,
      errorAndWarningLines: linesByMessage(log),
    };
  } finally {
    postgres.destroy();
  }
}

async function startTogetherTrial(rounds: number) {
  if (!(await postgresReachable())) return { skipped: "PostgreSQL not reachable" };
  let exits = 0;
  const seeds: number[] = [];
  const wholesalerCounts: number[] = [];
  const errors: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const s = await storage("postgres", "together");
    const started = await Promise.allSettled([0, 1, 2].map((i) => startServer(PORT + 10 + i, { ...s.env, SEED_DEMO: "1" })));
    for (const result of started) {
      if (result.status === "rejected") {
        exits += 1;
        errors.push((result.reason as Error).message.slice(0, 300));
      }
    }
    const counts = await withDatabase(async () => {
      const seeded = await db().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM app_meta WHERE key = 'demo_seeded_at'`);
      const suppliers = await db().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM wholesalers`);
      return { seeded: Number(seeded.rows[0]?.n), suppliers: Number(suppliers.rows[0]?.n) };
    }, s.env);
    seeds.push(counts.seeded);
    wholesalerCounts.push(counts.suppliers);
    for (const result of started) if (result.status === "fulfilled") await stopServer(result.value);
    await s.drop();
  }
  return { rounds, serversPerRound: 3, exits, seedsPerRound: seeds, wholesalersPerRound: wholesalerCounts, errors };
}

async function main() {
  // The image trial builds inside the image; every other trial runs the bench's own build.
  if (which !== "image") ensureBuild();
  const results: Record<string, unknown> = { date: new Date().toISOString() };
  if (which === "all" || which === "crash") {
    results.crash = [];
    for (const kind of await kinds()) (results.crash as unknown[]).push(await crashTrial(kind, Number(values.rounds)));
  }
  if (which === "all" || which === "soak") {
    results.soak = [];
    for (const kind of await kinds())
      (results.soak as unknown[]).push(await soakTrial(kind, Number(values.seconds), Number(values.clients)));
  }
  if (which === "all" || which === "two-processes") results.twoProcesses = await twoProcessTrial();
  if (which === "all" || which === "memory") results.memory = await memoryTrial();
  if (which === "all" || which === "start-together") results.startTogether = await startTogetherTrial(Number(values.rounds));
  if (which === "all" || which === "forged-uploads") results.forgedUploads = await forgedUploadTrial();
  if (which === "all" || which === "pg-outage") results.pgOutage = await pgOutageTrial({ clients: 10 });
  if (which === "all" || which === "site-checks") {
    results.siteChecks = [];
    for (const kind of await kinds()) {
      const s = await storage(kind, "checks");
      try {
        (results.siteChecks as unknown[]).push(await siteCheckTrial(kind, s.env, PORT));
      } finally {
        await s.drop();
      }
    }
  }
  if (which === "all" || which === "pictures") {
    // PostgreSQL only: the trial confirms the real user's address in the database while the server runs.
    if (await postgresReachable()) {
      results.pictures = [];
      for (const fresh of [1, 7, 30]) {
        const s = await storage("postgres", "pictures");
        try {
          (results.pictures as unknown[]).push(await pictureFloodTrial(s.env.DATABASE_URL as string, s.env, PORT, fresh));
        } finally {
          await s.drop();
        }
      }
    } else results.pictures = "skipped: PostgreSQL is not reachable";
  }
  if (which === "image") results.image = await imageTrial({ port: PORT, rebuildBase: process.env.REBUILD_BASE === "1" });
  if (which === "cluster") {
    results.cluster = await clusterTrial({ port: PORT, seconds: Number(values.seconds), clients: Number(values.clients) });
  }
  console.log(JSON.stringify(results, null, 2));
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(`bench/results/faults-${which}.json`, `${JSON.stringify(results, null, 2)}\n`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
