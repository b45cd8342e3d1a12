// npm run bench:faults [-- crash|soak|two-processes] : fault and load trials on 127.0.0.1, bounded in time.
//   crash          kill -9 the server during a stream of acknowledged writes, 10 times, on PGlite and PostgreSQL
//   soak           50 concurrent clients for 60 s, mixed reads and writes, signed in and anonymous
//   two-processes  two app servers on one PostgreSQL: a session from one works on the other; the login limit is shared
//   memory         14 anonymous 300 MiB POSTs at once (half declared, half chunked): every answer 413, peak memory flat
//   start-together three servers started at the same moment on one empty PostgreSQL, 10 rounds: no exit, one seed
//   site-checks    1,000 site checks against a stand-in server with /healthz probed, and a kill -9 mid-run
//   pictures       300 hostile-picture products from one account while another account's picture is timed
//   --port N       the first of the ports the trials' servers use (default 3500)
// Results go to bench/results/faults.json and docs/operations.md quotes them.
import fs from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import { inArray, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { products, user } from "#app/db/schema.ts";
import { withDatabase } from "../scripts/with-database.ts";
import { pictureFloodTrial } from "./picture-flood-trial.ts";
import {
  BENCH_AUTH_SECRET,
  createPostgresDatabase,
  postgresReachable,
  type ServerHandle,
  signUp,
  startServer,
  stopServer,
  tempDataDir,
} from "./server-process.ts";
import { siteCheckTrial } from "./site-check-trial.ts";

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

/** One anonymous POST of `mib` MiB to /login, sent until the server answers; resolves with the status. */
function hugePost(base: string, mib: number, declared: boolean) {
  return new Promise<number>((resolve) => {
    const chunk = Buffer.alloc(1024 * 1024, 97);
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", origin: base };
    if (declared) headers["content-length"] = String(mib * chunk.length);
    const req = http.request(`${base}/login`, { method: "POST", headers }, (res) => {
      res.resume();
      req.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve(0));
    let sent = 0;
    const pump = () => {
      while (sent < mib && !req.destroyed) {
        sent += 1;
        if (!req.write(chunk)) return req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

async function memoryTrial() {
  const s = await storage("pglite", "memory");
  const server = await startServer(PORT, s.env);
  try {
    for (let i = 0; i < 5; i++) await (await fetch(`${server.base}/list`)).arrayBuffer();
    const pid = server.child.pid as number;
    const before = residentMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMb(pid));
    }, 25);
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: 14 }, (_, i) => hugePost(server.base, 300, i % 2 === 0)));
    const seconds = (Date.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 500));
    clearInterval(sampler);
    const after = residentMb(pid);
    const health = Date.now();
    const healthy = (await fetch(`${server.base}/healthz`)).ok;
    return {
      requests: statuses.length,
      statuses,
      all413: statuses.every((status) => status === 413),
      residentMbBefore: Math.round(before),
      residentMbPeak: Math.round(peak),
      residentMbAfter: Math.round(after),
      peakGrowthMb: Math.round(peak - before),
      seconds,
      healthzAfterMs: Date.now() - health,
      healthy,
    };
  } finally {
    await stopServer(server);
    await s.drop();
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
    results.pictures = [];
    for (const kind of await kinds()) {
      for (const phase of ["caps", "queue", "cpu"] as const) {
        const s = await storage(kind, "pictures");
        try {
          (results.pictures as unknown[]).push(await pictureFloodTrial(kind, s.env, PORT, phase));
        } finally {
          await s.drop();
        }
      }
    }
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
