import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { log } from "#app/lib/log.server.ts";
import { watchPool } from "#app/lib/metrics.server.ts";
import type { Db, OpenDatabase, PoolSettings } from "./client.server.ts";
import * as schema from "./schema.ts";

/**
 * Read replicas (DATABASE_REPLICA_URLS, docs/decisions/0034): a pool per replica, and a check every
 * `checkEveryMs` of whether each answers and how far behind the primary it is. `pick()` hands out the replicas
 * that answered and are at most `maxLagSeconds` behind, in turn; none such: undefined, and the request reads
 * the primary. A replica that is down at start does not stop the server: it joins once it answers.
 *
 * The lag is measured against the primary's own write position, not the replica's last replayed
 * transaction: each check notes the primary's WAL position with the time, and a replica is as old as the
 * newest noted position it has replayed. A replica cut off from the primary thus ages, although it has
 * nothing left to replay (pg_last_xact_replay_timestamp alone would call an idle primary's replica old and a
 * cut-off one current).
 */
/** A replica further behind than this is not read from. */
export const REPLICA_MAX_LAG_SECONDS = 5;
/**
 * How long after a write a browser keeps reading the primary (server/read-routing.ts's cookie): longer than
 * any lag a replica in use can have, so a browser never reads a replica older than its own last write.
 */
export const WROTE_SECONDS = 10;

export type ReplicaState = { url: string; name: string; healthy: boolean; lagSeconds: number | null; error?: string };

export type ReplicaPool = {
  /** A replica fit to read from, or undefined (none configured, none answering, all too far behind). */
  pick: () => OpenDatabase | undefined;
  states: () => ReplicaState[];
  /** Runs one check at once (tests; the timer runs them otherwise). */
  check: () => Promise<void>;
  close: () => Promise<void>;
};

type Replica = { url: string; name: string; open: OpenDatabase; healthy: boolean; lagSeconds: number | null; error?: string };
type Sample = { at: number; lsn: bigint };

const REPLICA_CHECK_TIMEOUT_MS = 2_000;

/** PostgreSQL's `X/Y` WAL position as one number. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** A replica's name in the metrics: its host and port (the address without its user, password and database). */
function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid address)";
  }
}

/** Hides the password of an address for the log and the states. */
function redact(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(invalid address)";
  }
}

export async function openReplicas(
  urls: readonly string[],
  primary: Db,
  settings: PoolSettings & { maxLagSeconds?: number; checkEveryMs?: number } = {},
): Promise<ReplicaPool> {
  const maxLagSeconds = settings.maxLagSeconds ?? REPLICA_MAX_LAG_SECONDS;
  const replicas: Replica[] = urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: settings.max ?? 10,
      connectionTimeoutMillis: 5000,
      ...(settings.statementTimeoutMs ? { statement_timeout: settings.statementTimeoutMs } : {}),
      application_name: `${settings.applicationName ?? "domae"}-read`,
    });
    pool.on("error", (error) => log.error("pg replica pool error", { error }));
    const name = hostOf(url);
    const unwatch = watchPool(name, pool);
    const close = async () => {
      unwatch();
      await pool.end();
    };
    const open: OpenDatabase = { db: drizzle(pool, { schema }), kind: "postgres", name, pool, close };
    return { url: redact(url), name, open, healthy: false, lagSeconds: null };
  });
  let samples: Sample[] = [];
  let next = 0;

  const checkOne = async (replica: Replica, now: number) => {
    const client = await replica.open.pool!.connect();
    try {
      const { rows } = await client.query<{ replayed: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS replayed");
      const replayed = rows[0]?.replayed;
      // Not a standby (a copy kept some other way): no position to compare, it counts as current.
      if (!replayed) return 0;
      const position = parseLsn(replayed);
      const caughtUp = samples.filter((sample) => sample.lsn <= position).at(-1);
      // Behind every position noted so far: as old as the oldest note, at least.
      return (now - (caughtUp ?? samples[0] ?? { at: now }).at) / 1000;
    } finally {
      client.release();
    }
  };

  const check = async () => {
    const now = Date.now();
    try {
      const { rows } = await primary.execute<{ lsn: string | null }>(
        sql`SELECT CASE WHEN pg_is_in_recovery() THEN NULL ELSE pg_current_wal_lsn()::text END AS lsn`,
      );
      if (rows[0]?.lsn) samples = [...samples, { at: now, lsn: parseLsn(rows[0].lsn) }].slice(-120);
    } catch {
      // The primary does not answer: its requests fail anyway; the replicas keep their last state.
    }
    await Promise.all(
      replicas.map(async (replica) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          const lag = await Promise.race([
            checkOne(replica, now),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error("no answer within 2 s")), REPLICA_CHECK_TIMEOUT_MS);
            }),
          ]);
          const healthy = lag <= maxLagSeconds;
          if (healthy !== replica.healthy)
            log.info(healthy ? "replica in use" : "replica too far behind", { url: replica.url, lagSeconds: lag });
          replica.healthy = healthy;
          replica.lagSeconds = lag;
          replica.error = undefined;
        } catch (error) {
          if (replica.healthy || replica.error === undefined) log.warn("replica not answering", { url: replica.url, error });
          replica.healthy = false;
          replica.error = (error as Error).message;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
  };

  await check();
  const timer = setInterval(() => void check(), settings.checkEveryMs ?? 1_000);
  timer.unref();

  return {
    pick: () => {
      const fit = replicas.filter((replica) => replica.healthy);
      if (fit.length === 0) return undefined;
      next = (next + 1) % fit.length;
      return fit[next]!.open;
    },
    states: () => replicas.map(({ url, name, healthy, lagSeconds, error }) => ({ url, name, healthy, lagSeconds, error })),
    check,
    close: async () => {
      clearInterval(timer);
      await Promise.all(replicas.map((replica) => replica.open.close().catch(() => {})));
    },
  };
}
