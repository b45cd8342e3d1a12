import { createHash, timingSafeEqual } from "node:crypto";
import client from "prom-client";
import { log } from "./log.server.ts";

/**
 * The process's metrics in the Prometheus text format (METRICS=1, docs/operations.md "Metrics",
 * docs/decisions/0050), with prom-client. Every floor records into the one registry here (the ground floor, so
 * db/, platform/ and server/ may all import it); the values that live in the database (the job queue, the
 * registries' calls left) are read when a scraper asks, by the readers the app registers with `onScrape`.
 *
 * Labels stay few: a route's pattern (`/wholesaler/:id`, never the URL), a pool's or a replica's name, a job kind.
 * Everything is counted whether or not METRICS is on (a counter costs an addition); only /metrics depends on it.
 */
const registry = new client.Registry();

export const metrics = {
  requests: new client.Counter({
    name: "domae_http_requests_total",
    help: "Answered requests by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  }),
  requestSeconds: new client.Histogram({
    name: "domae_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route pattern.",
    labelNames: ["route"] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  unavailable: new client.Counter({
    name: "domae_unavailable_answers_total",
    help: "503 answers with Retry-After, by cause: pool-exhausted, database-down or draining.",
    labelNames: ["cause"] as const,
    registers: [registry],
  }),
  poolWaitSeconds: new client.Histogram({
    name: "domae_db_pool_wait_seconds",
    help: "Time a query or transaction waited for a connection of the pool (a new connection's set-up included).",
    labelNames: ["pool"] as const,
    buckets: [0.001, 0.005, 0.025, 0.1, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
  poolAcquireTimeouts: new client.Counter({
    name: "domae_db_pool_acquire_timeouts_total",
    help: "Waits for a connection that gave up because every connection of the pool stayed busy.",
    labelNames: ["pool"] as const,
    registers: [registry],
  }),
  reads: new client.Counter({
    name: "domae_replica_routed_reads_total",
    help: "With read replicas: answered requests by the database their reads came from (a replica's host, or primary).",
    labelNames: ["database"] as const,
    registers: [registry],
  }),
  jobsRun: new client.Counter({
    name: "domae_jobs_run_total",
    help: "Job attempts this process ran, by kind and outcome (done, retry, failed, released).",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  }),
  mails: new client.Counter({
    name: "domae_mails_total",
    help: "Mails handed to SMTP_URL, by result (sent, failed).",
    labelNames: ["result"] as const,
    registers: [registry],
  }),
  jobs: new client.Gauge({
    name: "domae_jobs",
    help: "Jobs in the queue by kind and state (queued, running, failed), read from the database at the scrape.",
    labelNames: ["kind", "state"] as const,
    registers: [registry],
  }),
  oldestDueJobSeconds: new client.Gauge({
    name: "domae_jobs_oldest_due_seconds",
    help: "How long the oldest queued job has been due (0: none is waiting).",
    registers: [registry],
  }),
  pictureBacklog: new client.Gauge({
    name: "domae_picture_backlog",
    help: "Pictures waiting to be made: images.fetch jobs queued or running.",
    registers: [registry],
  }),
  registryCallsLeft: new client.Gauge({
    name: "domae_registry_calls_left",
    help: "Calls left today to each registry of the official records (nts, ftc); absent without DATA_GO_KR_KEY.",
    labelNames: ["registry"] as const,
    registers: [registry],
  }),
  replicaLagSeconds: new client.Gauge({
    name: "domae_replica_lag_seconds",
    help: "How far each read replica is behind the primary, as the last check saw it.",
    labelNames: ["replica"] as const,
    registers: [registry],
  }),
  replicaInUse: new client.Gauge({
    name: "domae_replica_in_use",
    help: "1 while a replica answers and is close enough to be read from, else 0.",
    labelNames: ["replica"] as const,
    registers: [registry],
  }),
};

/** The label of a 503's cause (server/answers.ts): `pool-exhausted`, `database-down` or `draining`. */
export function unavailableLabel(cause: string) {
  return cause.replaceAll(" ", "-");
}

/** What a pg.Pool shows of itself. */
type WatchedPool = {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  connect: (...args: never[]) => unknown;
};

const pools = new Map<string, WatchedPool>();

new client.Gauge({
  name: "domae_db_pool_connections",
  help: "Connections of each pool of this process: open, idle, and callers waiting for one.",
  labelNames: ["pool", "state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, pool] of pools) {
      this.set({ pool: name, state: "open" }, pool.totalCount);
      this.set({ pool: name, state: "idle" }, pool.idleCount);
      this.set({ pool: name, state: "waiting" }, pool.waitingCount);
    }
  },
});

/** pg-pool's message when a caller waited connectionTimeoutMillis for a connection and every one stayed busy. */
export const POOL_EXHAUSTED_MESSAGE = "timeout exceeded when trying to connect";

/**
 * Times every wait of `pool` for a connection and counts the ones that gave up, under `name` (primary, or a
 * replica's host). pg-pool's own queries call `connect` with a callback, transactions without: both are wrapped.
 * The returned function takes the pool off the connection gauge (when it is closed).
 */
export function watchPool(name: string, pool: WatchedPool): () => void {
  const connect = pool.connect.bind(pool) as (callback?: (error: Error | undefined, ...rest: unknown[]) => void) => unknown;
  const observe = (started: number, error: Error | undefined) => {
    metrics.poolWaitSeconds.observe({ pool: name }, (performance.now() - started) / 1000);
    if (error?.message === POOL_EXHAUSTED_MESSAGE) metrics.poolAcquireTimeouts.inc({ pool: name });
  };
  pool.connect = ((callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
    const started = performance.now();
    if (callback) {
      return connect((error, ...rest) => {
        observe(started, error);
        callback(error, ...rest);
      });
    }
    return (connect() as Promise<unknown>).then(
      (connection) => {
        observe(started, undefined);
        return connection;
      },
      (error: Error) => {
        observe(started, error);
        throw error;
      },
    );
  }) as WatchedPool["connect"];
  pools.set(name, pool);
  return () => {
    if (pools.get(name) === pool) pools.delete(name);
  };
}

/** Reads values kept in the database into their gauges when a scraper asks; one reader per name. */
const readers = new Map<string, () => Promise<void>>();

export function onScrape(name: string, read: () => Promise<void>) {
  readers.set(name, read);
}

let readersFailing = false;
let defaultsCollected = false;

/** The text /metrics answers: every reader run first (a failed one leaves its gauges as they were, once logged). */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  if (!defaultsCollected) {
    // The process's own: CPU, memory, event-loop delay, garbage collection, open handles.
    client.collectDefaultMetrics({ register: registry });
    defaultsCollected = true;
  }
  const results = await Promise.allSettled([...readers.values()].map((read) => read()));
  const failed = results.find((result) => result.status === "rejected");
  if (failed && !readersFailing) log.warn("metrics: a value could not be read from the database", { error: failed.reason });
  readersFailing = Boolean(failed);
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Who asks for /metrics. */
export type MetricsRequest = {
  /** The socket's own address (never X-Forwarded-For). */
  remoteAddress: string | undefined;
  /** Whether a proxy passed the request on (X-Forwarded-For or Forwarded): then it did not come from this machine. */
  proxied: boolean;
  authorization: string | undefined;
};

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameSecret(given: string, expected: string) {
  // Hashes of equal length, compared in constant time: neither the token nor its length leaks through timing.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether /metrics answers this request: 200 to this machine (a scraper or agent beside the process, not a
 * request a proxy on this machine passed on) or to the bearer of METRICS_TOKEN; 401 to a wrong token; 404 to
 * anyone else, as if there were no such page.
 */
export function metricsAccess(request: MetricsRequest, token: string | undefined): 200 | 401 | 404 {
  const bearer = /^Bearer (.+)$/i.exec(request.authorization ?? "")?.[1];
  if (bearer !== undefined) return token && sameSecret(bearer, token) ? 200 : 401;
  if (!request.proxied && LOOPBACK.test(request.remoteAddress ?? "")) return 200;
  return 404;
}
