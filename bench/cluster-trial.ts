/**
 * `npm run bench:faults -- cluster` (issue 26 item 5, docs/decisions/0033 and 0034): the multi-server layout of
 * docs/deployment.md on one machine, all on 127.0.0.1. A PostgreSQL primary and a streaming replica made with
 * pg_basebackup (a throwaway cluster, bench/throwaway-postgres.ts), PgBouncer in transaction mode in front of the
 * primary, an S3-protocol server (s3rver) for the pictures, the migrations run once (`db:migrate`), three web
 * processes with JOBS=none and MIGRATE_ON_START=0 reading anonymous pages from the replica, and one worker
 * (`npm run worker`) that makes the pictures into the bucket. 50 clients (half signed in, half
 * anonymous) send mixed reads and writes for 60 s through a stand-in load balancer that sends each request to the
 * next web process that its health check (/readyz, every 500 ms) calls ready; one web process is killed with
 * SIGKILL a third of the way in and started again 10 s later. The replica is held 2 s behind on purpose
 * (recovery_min_apply_delay), so that the stale reads read routing allows, and the ones it must not allow, happen.
 *
 * Reported: answers by status; 5xx; requests that met the killed process (refused or cut, as a load balancer
 * would have retried or answered 502); acknowledged writes and how many are missing afterwards; read-your-own-
 * write violations (a writer's next read not showing its own save: with its session, and, for half the writers,
 * with only the `domae-wrote` cookie the save answered with); how stale anonymous replica reads were (an anonymous
 * search for a product acknowledged earlier that did not find it, and the age of the oldest such miss); the
 * replica's lag sampled every 200 ms; p50/p95 per route.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import os from "node:os";
import pg from "pg";
import { parseLsn } from "#app/db/replicas.server.ts";
import { startStandInImages } from "#tests/stand-in-images.ts";
import { startStandInS3 } from "#tests/stand-in-s3.ts";
import { BENCH_AUTH_SECRET, type ServerHandle, signUp, startServer, stopServer } from "./server-process.ts";
import { pgBouncerBinary, startPgBouncer, startThrowawayPostgres } from "./throwaway-postgres.ts";

type Options = { port: number; seconds: number; clients: number };

/** How far behind the trial keeps its replica: under REPLICA_MAX_LAG_SECONDS (5 s), so it stays in use. */
const REPLICA_DELAY_MS = 2000;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/** A browser's cookies: what the servers set, sent back on the next request. */
class CookieJar {
  private readonly cookies = new Map<string, { value: string; expires: number }>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, value = ""] = (pair ?? "").trim().split("=");
      if (!name) continue;
      const maxAge = attributes.map((a) => /^\s*max-age=(-?\d+)/i.exec(a)?.[1]).find(Boolean);
      const expires = maxAge === undefined ? Number.POSITIVE_INFINITY : Date.now() + Number(maxAge) * 1000;
      if (value === "" || expires <= Date.now()) this.cookies.delete(name);
      else this.cookies.set(name, { value, expires });
    }
  }
  header(only?: (name: string) => boolean) {
    const now = Date.now();
    return [...this.cookies]
      .filter(([name, { expires }]) => expires > now && (!only || only(name)))
      .map(([name, { value }]) => `${name}=${value}`)
      .join("; ");
  }
}

/**
 * How long a process may take to start: BENCH_START_SECONDS, else 60 s on an idle machine and 20 s for each unit
 * of load average per core (a review's run at load average 19 on 2 cores died on a fixed 60 s).
 */
function startWaitMs() {
  const setting = Number(process.env.BENCH_START_SECONDS);
  if (setting > 0) return setting * 1000;
  return Math.round(Math.max(60, (20 * os.loadavg()[0]!) / os.cpus().length)) * 1000;
}

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`no "${pattern}" within ${timeoutMs} ms: ${seen.slice(-2000)}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk;
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${seen.slice(-2000)}`));
    });
  });
}

export async function clusterTrial({ port, seconds, clients }: Options) {
  if (!pgBouncerBinary()) return { skipped: "pgbouncer is not installed (apt-get install pgbouncer; .ci/run does)" };
  const postgres = await startThrowawayPostgres({ maxConnections: 120 });
  const cleanups: (() => unknown)[] = [() => postgres.destroy()];
  try {
    const directUrl = await postgres.createDatabase("domae_cluster");
    // The pool's statement timeout on the role: PgBouncer 1.18 cannot pass it as a start-up parameter.
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("ALTER ROLE postgres SET statement_timeout = '30s'");
    await admin.end();
    const bouncer = await startPgBouncer({ host: postgres.host, port: postgres.port }, { poolSize: 40 });
    cleanups.push(() => bouncer.stop());
    const pooledUrl = bouncer.urlFor("domae_cluster");

    // The S3-protocol server of the pictures (s3rver on 127.0.0.1) and a stand-in site the pictures come from.
    const s3 = await startStandInS3("domae-cluster");
    cleanups.push(() => s3.close());
    const pictures = await startStandInImages({ photoCount: 4 });
    cleanups.push(() => pictures.close());

    const shared = {
      DATABASE_URL: pooledUrl,
      DATABASE_DIRECT_URL: directUrl,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      SEED_DEMO: "1",
      MIGRATE_ON_START: "0",
      PRODUCTS_PER_ACCOUNT: "0",
      REPORT_RATE_LIMIT: "0",
      LINK_CHECK: "0",
      IMAGE_STORE: "s3",
      S3_BUCKET: "domae-cluster",
      S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${pictures.server.port}`,
      IMAGE_REQUESTS_PER_HOUR: "0",
      NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR: "0",
    };
    // Deploy order: migrate once (and the demo content), then the replica (a copy of the migrated primary), then the processes.
    execFileSync(process.execPath, ["scripts/migrate.ts"], { env: { ...process.env, ...shared }, stdio: "pipe" });
    // Held 2 s behind on purpose (recovery_min_apply_delay): a replica that is really behind, so that anonymous
    // readers do meet stale pages and read-your-own-write is tested where it can fail.
    const replica = await postgres.startStreamingReplica({ applyDelay: `${REPLICA_DELAY_MS}ms` });
    const replicaUrl = replica.urlFor("domae_cluster");

    const worker = spawn(process.execPath, ["scripts/worker.ts"], {
      env: { ...process.env, ...shared, JOBS: "all" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    cleanups.push(() => worker.kill("SIGTERM"));
    await waitForLine(worker, /"msg":"worker started"/, startWaitMs());

    const webEnv = { ...shared, JOBS: "none", DATABASE_REPLICA_URLS: replicaUrl, TRUST_PROXY: "1", METRICS: "1" };
    const publicHost = `127.0.0.1:${port}`;
    const ports = [port, port + 1, port + 2];
    const webs: (ServerHandle | null)[] = await Promise.all(
      ports.map((p) => startServer(p, { ...webEnv, PUBLIC_URL: `http://127.0.0.1:${port}` })),
    );
    cleanups.push(() => Promise.all(webs.map((web) => web && stopServer(web))));

    // The stand-in load balancer: /readyz of each web process every 500 ms; requests go round-robin to ready ones.
    const ready = new Set<number>(ports);
    let balancing = true;
    const checker = (async () => {
      while (balancing) {
        await Promise.all(
          ports.map(async (p) => {
            try {
              const answer = await fetch(`http://127.0.0.1:${p}/readyz`, { signal: AbortSignal.timeout(1000) });
              if (answer.ok) ready.add(p);
              else ready.delete(p);
            } catch {
              ready.delete(p);
            }
          }),
        );
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    let turn = 0;
    const pick = () => {
      const up = ports.filter((p) => ready.has(p));
      turn = (turn + 1) % Math.max(1, up.length);
      return up[turn] ?? ports[0]!;
    };

    // The replica's lag against the primary's write position, every 200 ms.
    const primaryClient = new pg.Client({ connectionString: directUrl });
    const replicaClient = new pg.Client({ connectionString: replicaUrl });
    await primaryClient.connect();
    await replicaClient.connect();
    const lagBytes: number[] = [];
    // Transactions the replica served (its own statistics): proof that the anonymous pages did read it.
    const replicaTransactions = async () =>
      Number(
        (await replicaClient.query("SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()"))
          .rows[0]?.n ?? 0,
      );
    const replicaTransactionsBefore = await replicaTransactions();
    const lagSampler = setInterval(async () => {
      try {
        const [{ rows: p }, { rows: r }] = await Promise.all([
          primaryClient.query("SELECT pg_current_wal_lsn()::text AS lsn"),
          replicaClient.query("SELECT pg_last_wal_replay_lsn()::text AS lsn"),
        ]);
        lagBytes.push(Number(parseLsn(p[0].lsn) - parseLsn(r[0].lsn)));
      } catch {
        // A sample lost to a busy moment.
      }
    }, 200);

    const statuses: Record<string, number> = {};
    const latencies: Record<string, number[]> = {};
    let toKilledProcess = 0;
    let killedPort = 0;
    let killedAt = 0;
    const acknowledged: { name: string; token: string; at: number }[] = [];
    let ryowChecks = 0;
    let ryowWithCookieOnly = 0;
    const ryowViolations: string[] = [];
    let anonymousSearches = 0;
    let staleSearches = 0;
    let oldestStaleMs = 0;
    let errors5xx = 0;
    let unavailableWithoutRetryAfter = 0;
    const sample5xx: string[] = [];
    let retriedByBalancer = 0;
    let signedUp = 0;
    let signUpsFailed = 0;
    let writesCutInFlight = 0;
    const refusedSaves: Record<string, number> = {};
    const sampleRefusedSaves: string[] = [];

    /**
     * One request through the stand-in balancer. Like nginx's `proxy_next_upstream error`, a request whose
     * connection was refused is sent to the next ready process (it never reached the first), and so is a GET that
     * was cut; a POST cut after it was sent is not retried (it may have been done) and counts as the balancer's 502.
     */
    const request = async (route: string, path: string, init: RequestInit & { jar: CookieJar; only?: (name: string) => boolean }) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const outcome = await requestOnce(route, path, init);
        if (outcome !== "refused" && outcome !== "cut") return outcome;
        if (outcome === "cut" && (init.method ?? "GET") !== "GET") {
          writesCutInFlight += 1;
          return null;
        }
        retriedByBalancer += 1;
      }
      return null;
    };

    const requestOnce = async (route: string, path: string, init: RequestInit & { jar: CookieJar; only?: (name: string) => boolean }) => {
      const target = pick();
      const cookie = init.jar.header(init.only);
      const started = performance.now();
      try {
        const answer = await fetch(`http://127.0.0.1:${target}${path}`, {
          ...init,
          redirect: "manual",
          headers: {
            ...(init.headers as Record<string, string>),
            ...(cookie ? { cookie } : {}),
            "user-agent": "Mozilla/5.0 cluster-trial",
            // What a load balancer adds (TRUST_PROXY=1): the site's own host, so a form posted to any web process
            // is same-site.
            "x-forwarded-host": publicHost,
            "x-forwarded-proto": "http",
            "x-forwarded-for": "127.0.0.1",
          },
        });
        const body = await answer.text();
        const times = latencies[route] ?? [];
        latencies[route] = times;
        times.push(performance.now() - started);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status >= 500) {
          errors5xx += 1;
          if (answer.status === 503 && !answer.headers.get("retry-after")) unavailableWithoutRetryAfter += 1;
          if (sample5xx.length < 5) sample5xx.push(`${answer.status} ${init.method ?? "GET"} ${path} on ${target}: ${body.slice(0, 200)}`);
        }
        init.jar.take(answer);
        return { status: answer.status, body, location: answer.headers.get("location") };
      } catch (error) {
        // Refused or cut: only the killed process should do that; the balancer takes it out of rotation at once.
        if (target === killedPort) toKilledProcess += 1;
        else statuses.connectionFailed = (statuses.connectionFailed ?? 0) + 1;
        ready.delete(target);
        const code = ((error as Error).cause as { code?: string } | undefined)?.code;
        return code === "ECONNREFUSED" ? ("refused" as const) : ("cut" as const);
      }
    };

    const deadline = Date.now() + seconds * 1000;
    const runClient = async (c: number) => {
      const jar = new CookieJar();
      let writer = c % 2 === 0;
      let searchedOthers = false;
      if (writer) {
        // Through the balancer like everything else; a sign-up that met the killed process is tried again.
        for (let attempt = 0; attempt < 5; attempt++) {
          const target = pick();
          try {
            const { status, cookie } = await signUp(`http://127.0.0.1:${target}`, `cluster-${c}-${attempt}-${Date.now()}@example.com`);
            if (status !== 302) continue;
            jar.take(new Response(null, { headers: cookie.split("; ").map((pair) => ["set-cookie", pair] as [string, string]) }));
            signedUp += 1;
            break;
          } catch {
            if (target === killedPort) toKilledProcess += 1;
            await new Promise((r) => setTimeout(r, 500));
          }
        }
        // Without an account its saves would be redirects to /login, not acknowledged writes: it reads instead.
        if (!jar.header()) {
          writer = false;
          signUpsFailed += 1;
        }
      }
      for (let i = 0; Date.now() < deadline; i++) {
        if (writer && i % 3 === 0) {
          const token = `k${c}t${i}z${Math.floor(Math.random() * 1e6)}`;
          const name = `클러스터 상품 ${token}`;
          const saved = await request("POST /add", "/add", {
            jar,
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://127.0.0.1:${port}` },
            // Every third save names a picture (a new address each time): the worker makes it into the bucket.
            body: new URLSearchParams({
              name,
              price: "1000",
              summary: "",
              imageUrl: i % 9 === 0 ? pictures.url(`/photo-${c % 4}.jpg?v=${token}`) : "",
              siteUrl: "",
            }),
          });
          if (saved && saved.status >= 400 && saved.status < 500) {
            refusedSaves[saved.status] = (refusedSaves[saved.status] ?? 0) + 1;
            if (sampleRefusedSaves.length < 5)
              sampleRefusedSaves.push(`${saved.status}: ${saved.body.replace(/<[^>]+>/g, " ").slice(0, 160)}`);
          }
          if (saved?.status !== 302 || saved.location?.startsWith("/login")) continue;
          acknowledged.push({ name, token, at: Date.now() });
          // The writer's next read must show its save: half with the session, half with only the cookie the
          // save answered with (as a browser that signed out since would).
          const cookieOnly = c % 4 === 0;
          const check = await request("GET /products?q (own)", `/products?q=${token}`, {
            jar,
            only: cookieOnly ? (cookieName) => cookieName === "domae-wrote" : undefined,
          });
          if (check?.status !== 200) continue;
          ryowChecks += 1;
          if (cookieOnly) ryowWithCookieOnly += 1;
          if (!check.body.includes(token)) ryowViolations.push(`${token} (${cookieOnly ? "cookie only" : "session"})`);
          continue;
        }
        const kind = i % 5;
        if (!writer && (kind === 0 || !searchedOthers) && acknowledged.length > 0) {
          // Someone else's save, searched anonymously (the replica): every other time the newest one, which a
          // replica held 2 s behind has often not replayed yet. A reader's first turn after the first save is
          // one: on a loaded machine a client gets few turns, and the review's runs tried none.
          searchedOthers = true;
          const other = i % 2 === 0 ? acknowledged.at(-1)! : acknowledged[Math.floor(Math.random() * acknowledged.length)]!;
          const found = await request("GET /products?q (other)", `/products?q=${other.token}`, { jar });
          if (found?.status === 200) {
            anonymousSearches += 1;
            if (!found.body.includes(other.token)) {
              staleSearches += 1;
              oldestStaleMs = Math.max(oldestStaleMs, Date.now() - other.at);
            }
          }
          continue;
        }
        const [route, path] = (
          [
            ["GET /list", "/list"],
            ["GET /list?q", "/list?q=도매"],
            ["GET /wholesaler/:id", `/wholesaler/${1 + ((c + i) % 20)}`],
            ["GET /products", "/products"],
            ["GET /sellernote", "/sellernote"],
          ] as const
        )[kind]!;
        await request(route, path, { jar });
      }
    };

    /**
     * What a web process counted (its /metrics): 503s by cause and waits for a pooled connection that gave up. Read
     * from each process at the end, and from the one that is killed just before its kill.
     */
    const counted: Record<string, number> = {};
    let processesScraped = 0;
    const countFrom = async (p: number) => {
      const text = await fetch(`http://127.0.0.1:${p}/metrics`).then(
        (answer) => (answer.ok ? answer.text() : ""),
        () => "",
      );
      if (text) processesScraped += 1;
      for (const line of text.split("\n")) {
        const match = /^(domae_unavailable_answers_total\{cause="[^"]+"\}|domae_db_pool_acquire_timeouts_total\{pool="[^"]+"\}) (\d+)/.exec(
          line,
        );
        if (match) counted[match[1]!] = (counted[match[1]!] ?? 0) + Number(match[2]);
      }
    };

    const killer = (async () => {
      await new Promise((r) => setTimeout(r, (seconds * 1000) / 3));
      const victim = webs[1]!;
      await countFrom(victim.port);
      killedPort = victim.port;
      killedAt = Date.now();
      victim.child.kill("SIGKILL");
      await victim.exited;
      webs[1] = null;
      await new Promise((r) => setTimeout(r, 10_000));
      webs[1] = await startServer(victim.port, { ...webEnv, PUBLIC_URL: `http://127.0.0.1:${port}` });
      return Date.now() - killedAt;
    })();

    await Promise.all(Array.from({ length: clients }, (_, c) => runClient(c)));
    const backAfterMs = await killer;
    balancing = false;
    await checker;
    clearInterval(lagSampler);

    const servedByReplica = (await replicaTransactions()) - replicaTransactionsBefore;
    // Pictures: made by the worker into the bucket (no bytes in the database), served by the web processes.
    const made = await primaryClient.query<{ source_url: string; hash: string }>(
      "SELECT source_url, hash FROM images WHERE status = 'ready' ORDER BY updated_at",
    );
    const pending = await primaryClient.query("SELECT count(*)::int AS n FROM images WHERE status = 'pending'");
    const bytesInDatabase = await primaryClient.query("SELECT count(*)::int AS n FROM image_files WHERE body IS NOT NULL");
    let servedFromBucket = 0;
    for (const row of made.rows.slice(0, 10)) {
      const answer = await fetch(`http://127.0.0.1:${pick()}/images/${row.hash}-card.webp`);
      if (answer.ok && (await answer.arrayBuffer()).byteLength > 0) servedFromBucket += 1;
    }
    // Lost acknowledged writes: every acknowledged product must be on the primary.
    const names = acknowledged.map((a) => a.name);
    const { rows } = await primaryClient.query("SELECT count(*)::int AS n FROM products WHERE name = ANY($1)", [names]);
    await primaryClient.end();
    await replicaClient.end();
    const workerAlive = worker.exitCode === null;
    for (const p of ports) await countFrom(p);

    const routes = Object.fromEntries(
      Object.entries(latencies).map(([route, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return [route, { requests: sorted.length, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95) }];
      }),
    );
    const sortedLag = [...lagBytes].sort((a, b) => a - b);
    return {
      layout: "primary + streaming replica (PostgreSQL 15), PgBouncer 1.18 transaction mode, s3rver, 3 web (JOBS=none) + 1 worker",
      replicaHeldBehindMs: REPLICA_DELAY_MS,
      seconds,
      clients,
      requests: Object.values(latencies).reduce((n, values) => n + values.length, 0),
      statuses,
      targets: {
        "5xx other than 503 with Retry-After (target 0)": errors5xx - ((statuses["503"] ?? 0) - unavailableWithoutRetryAfter),
        "lost acknowledged writes (target 0)": acknowledged.length - Number(rows[0].n),
        "read-your-own-write violations (target 0)": ryowViolations.length,
        "stale-replica reads tried (anonymous searches for another client's save)": anonymousSearches,
      },
      answered5xx: errors5xx,
      answered503: statuses["503"] ?? 0,
      unavailableWithoutRetryAfter,
      sample5xx,
      balancer: { retried: retriedByBalancer, writesCutInFlight },
      savesRefused4xx: { byStatus: refusedSaves, examples: sampleRefusedSaves },
      writers: { signedUp, signUpsFailed },
      startWaitSeconds: startWaitMs() / 1000,
      killed: { port: killedPort, requestsRefusedOrCut: toKilledProcess, backInServiceAfterMs: backAfterMs },
      acknowledgedWrites: acknowledged.length,
      lostWrites: acknowledged.length - Number(rows[0].n),
      readYourOwnWrite: {
        checks: ryowChecks,
        withCookieOnly: ryowWithCookieOnly,
        violations: ryowViolations.length,
        examples: ryowViolations.slice(0, 5),
      },
      replicaReads: {
        transactionsServedByReplica: servedByReplica,
        anonymousSearchesOfOthersSaves: anonymousSearches,
        notYetVisible: staleSearches,
        oldestMissMs: oldestStaleMs,
      },
      replicaLagBytes: {
        samples: sortedLag.length,
        p50: percentile(sortedLag, 50),
        p95: percentile(sortedLag, 95),
        max: sortedLag.at(-1) ?? null,
      },
      pictures: {
        made: made.rows.length,
        stillPending: Number(pending.rows[0].n),
        filesWithBytesInDatabase: Number(bytesInDatabase.rows[0].n),
        servedFromBucketOf10: servedFromBucket,
      },
      workerAlive,
      webMetrics: { processesScraped, counted },
      routes,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // Best effort: the throwaway cluster goes last and takes the rest with it.
      }
    }
  }
}
