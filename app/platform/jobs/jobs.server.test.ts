import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { jobs } from "#app/db/schema.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { type JobKind, JobRunner } from "./job-runner.server.ts";
import { claimJob, claimStatement, completeJob, enqueueJob, LostJobError, purgeFinishedJobs } from "./job-store.server.ts";

withTestDatabase();

beforeEach(async () => {
  await db().delete(jobs);
});

const jobRow = async (id: number) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;
const secondsUntilDue = async (id: number) => {
  const { rows } = await db().execute(sql`SELECT extract(epoch FROM run_after - now())::float8 AS wait FROM jobs WHERE id = ${id}`);
  return Number((rows[0] as { wait: number }).wait);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("claiming", () => {
  test("two workers never take the same job", async () => {
    const ran: { id: number; worker: string }[] = [];
    const kindFor = (worker: string): JobKind<{ n: number }> => ({
      kind: "test.record",
      concurrency: 3,
      run: async (_payload, { job }) => {
        await pause(2);
        ran.push({ id: job.id, worker });
      },
    });
    const ids: number[] = [];
    for (let n = 0; n < 60; n++) ids.push((await enqueueJob("test.record", { n }))!);
    const a = new JobRunner({ workerId: "a" }).register(kindFor("a"));
    const b = new JobRunner({ workerId: "b" }).register(kindFor("b"));
    const [countA, countB] = await Promise.all([a.runDue(), b.runDue()]);

    expect(countA + countB).toBe(60);
    expect(ran.map((r) => r.id).sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(ran.map((r) => r.worker))).toEqual(new Set(["a", "b"]));
    const states = await db().select({ state: jobs.state, attempts: jobs.attempts }).from(jobs);
    expect(states.every((s) => s.state === "done" && s.attempts === 1)).toBe(true);
  });

  test("a job that is not due yet, or held by a live worker, is not taken", async () => {
    const later = await enqueueJob("test.x", {}, { runAfter: new Date(Date.now() + 60_000) });
    const held = await enqueueJob("test.x", {});
    expect((await claimJob(["test.x"], "first", 60_000))?.id).toBe(held);
    expect(await claimJob(["test.x"], "second", 60_000)).toBeNull();
    expect((await jobRow(later!)).state).toBe("queued");
  });

  test("a crashed worker's job is run again after its lock runs out, and completes once", async () => {
    const id = (await enqueueJob("test.crash", { n: 1 }))!;
    // Worker A claims the job and dies without a word.
    const claimed = await claimJob(["test.crash"], "a:dead", 60_000);
    expect(claimed?.id).toBe(id);

    const ran: number[] = [];
    const b = new JobRunner({ workerId: "b" }).register({ kind: "test.crash", run: async (_p, { job }) => void ran.push(job.attempts) });
    expect(await b.runDue()).toBe(0); // still locked

    await db().execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`);
    expect(await b.runDue()).toBe(1);
    expect(ran).toEqual([2]);
    const row = await jobRow(id);
    expect(row.state).toBe("done");
    expect(row.attempts).toBe(2);

    // A comes back to life and tries to finish: refused, nothing runs twice to completion.
    let wrote = false;
    await expect(
      completeJob(id, "a:dead", async () => {
        wrote = true;
      }),
    ).rejects.toBeInstanceOf(LostJobError);
    expect(wrote).toBe(false);
  });
});

describe("a claim at a large backlog (docs/decisions/0045)", () => {
  type PlanNode = { "Relation Name"?: string; "Actual Rows": number; "Actual Loops": number; Plans?: PlanNode[] };
  /** Rows the claim's plan read from the jobs table (every scan of it, every loop), and the job it took. */
  async function rowsReadByClaim(kinds: string[], token: string) {
    const { rows } = await db().execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${claimStatement(kinds, token, 60_000).getSQL()}`);
    const cell = Object.values(rows[0] as object)[0];
    const [explained] = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
    const read = (node: PlanNode): number =>
      (node["Relation Name"] === "jobs" ? node["Actual Rows"] * node["Actual Loops"] : 0) +
      (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
    const [taken] = await db().select({ position: jobs.position }).from(jobs).where(eq(jobs.lockedBy, token));
    return { read: read(explained.Plan), takenPosition: taken?.position };
  }

  test("takes the first job of a queue of 20,000 by reading a few index entries, not the whole backlog", async () => {
    // Two owners' lines and a history of finished jobs, as a catalogue import leaves them.
    await db().execute(sql`INSERT INTO jobs (kind, state, owner, position, finished_at)
      SELECT 'test.picture', 'done', 'A', 0, now() FROM generate_series(1, 5000)`);
    await db().execute(sql`INSERT INTO jobs (kind, owner, position)
      SELECT 'test.picture', CASE WHEN g % 2 = 0 THEN 'A' ELSE 'B' END, g FROM generate_series(20000, 1, -1) AS g`);
    await db().execute(sql`ANALYZE jobs`);

    const claim = await rowsReadByClaim(["test.picture", "test.other"], "first");
    expect(claim.takenPosition).toBe(1);
    expect(claim.read).toBeLessThan(100);

    // Nothing due (every retry still waiting, and no finished job yet to tell the statistics that most rows are
    // due): the claim finds that out from the index, without walking the line.
    await db().execute(sql`DELETE FROM jobs WHERE state = 'done'`);
    await db().execute(sql`UPDATE jobs SET run_after = now() + interval '1 hour' WHERE state = 'queued'`);
    await db().execute(sql`ANALYZE jobs`);
    const idle = await rowsReadByClaim(["test.picture", "test.other"], "idle");
    expect(idle.takenPosition).toBeUndefined();
    expect(idle.read).toBeLessThan(100);

    // The hour passes and every retry is due, while the statistics still say none is: still the walk, not a sort.
    await db().execute(sql`UPDATE jobs SET run_after = now() - interval '1 second' WHERE state = 'queued'`);
    const due = await rowsReadByClaim(["test.picture", "test.other"], "due");
    expect(due.takenPosition).toBe(2);
    expect(due.read).toBeLessThan(100);
  });

  test("a worker whose lock ran out is found among a backlog, in its place", async () => {
    await db().execute(sql`INSERT INTO jobs (kind, position) SELECT 'test.picture', g FROM generate_series(10, 2000) AS g`);
    const dead = (await enqueueJob("test.picture", {}))!;
    await db().execute(
      sql`UPDATE jobs SET state = 'running', position = 5, locked_by = 'dead', locked_until = now() - interval '1 second', attempts = 1 WHERE id = ${dead}`,
    );
    expect((await claimJob(["test.picture"], "next", 60_000))?.id).toBe(dead);
    expect((await claimJob(["test.picture"], "next", 60_000))?.position).toBe(10);
  });
});

describe("fair queuing between owners (docs/decisions/0026)", () => {
  /** A kind whose runs are recorded by owner, in the order they start; `during` runs inside a run. */
  const recorder = (
    order: string[],
    during?: (payload: { owner: string; n: number }) => Promise<void>,
  ): JobKind<{ owner: string; n: number }> => ({
    kind: "test.picture",
    run: async (payload) => {
      order.push(`${payload.owner}${payload.n}`);
      await during?.(payload);
    },
  });
  const enqueueFor = (owner: string, n: number) => enqueueJob("test.picture", { owner, n }, { owner });

  test("owner A queues 30 jobs, owner B one: B's runs after at most one of A's", async () => {
    for (let n = 0; n < 30; n++) await enqueueFor("A", n);
    await enqueueFor("B", 0);
    const order: string[] = [];
    await new JobRunner().register(recorder(order)).runDue();
    expect(order).toHaveLength(31);
    expect(order.indexOf("B0")).toBeLessThanOrEqual(1);
    // A's own jobs keep their order.
    expect(order.filter((job) => job.startsWith("A"))).toEqual(Array.from({ length: 30 }, (_, n) => `A${n}`));
  });

  test("B's job that arrives while one of A's backlog runs is the next to run", async () => {
    for (let n = 0; n < 10; n++) await enqueueFor("A", n);
    const order: string[] = [];
    let arrived = false;
    const kind = recorder(order, async ({ n }) => {
      if (n === 4 && !arrived) {
        arrived = true;
        await enqueueFor("B", 0);
      }
    });
    await new JobRunner().register(kind).runDue();
    expect(order.slice(0, 6)).toEqual(["A0", "A1", "A2", "A3", "A4", "B0"]);
  });

  test("three owners with backlogs take turns; one job each runs in the order asked", async () => {
    for (let n = 0; n < 3; n++) await enqueueFor("A", n);
    for (let n = 0; n < 3; n++) await enqueueFor("B", n);
    await enqueueFor("C", 0);
    const order: string[] = [];
    await new JobRunner().register(recorder(order)).runDue();
    expect(order).toEqual(["A0", "B0", "C0", "A1", "B1", "A2", "B2"]);
  });

  test("with two servers, B's job is among the first two claimed of a backlog of 20", async () => {
    for (let n = 0; n < 20; n++) await enqueueFor("A", n);
    await enqueueFor("B", 0);
    const order: string[] = [];
    const a = new JobRunner({ workerId: "a" }).register(recorder(order, async () => void (await pause(5))));
    const b = new JobRunner({ workerId: "b" }).register(recorder(order, async () => void (await pause(5))));
    await Promise.all([a.runDue(), b.runDue()]);
    expect(order).toHaveLength(21);
    expect(order.indexOf("B0")).toBeLessThanOrEqual(2);
  });

  test("a failed attempt is retried at the end of its owner's line, not ahead of other owners' work", async () => {
    const order: string[] = [];
    let failures = 0;
    const runner = new JobRunner().register<{ owner: string; n: number }>({
      kind: "test.picture",
      backoffMs: 0,
      run: async ({ owner, n }) => {
        order.push(`${owner}${n}`);
        if (owner === "A" && failures < 3) {
          failures += 1;
          throw new Error("busy");
        }
      },
    });
    for (let n = 0; n < 3; n++) await enqueueFor("A", n);
    await enqueueFor("B", 0);
    await enqueueFor("B", 1);
    await runner.runDue();
    // A's three fail once each and go to the back of A's line; B's two are not held up by the retries.
    expect(order.slice(0, 4)).toEqual(["A0", "B0", "A1", "B1"]);
    expect(order).toHaveLength(8);
  });
});

describe("failures", () => {
  test("a job that always fails stops after its attempts, keeping the error", async () => {
    let calls = 0;
    const gaveUp: string[] = [];
    const runner = new JobRunner().register<{ n: number }>({
      kind: "test.fail",
      backoffMs: 0,
      run: async () => {
        calls += 1;
        throw new Error(`broken ${calls}`);
      },
      onGiveUp: async (_tx, payload, error) => void gaveUp.push(`${payload.n}:${error}`),
    });
    const id = (await enqueueJob("test.fail", { n: 7 }, { maxAttempts: 3 }))!;
    await runner.runDue();

    expect(calls).toBe(3);
    const row = await jobRow(id);
    expect(row.state).toBe("failed");
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBe("broken 3");
    expect(row.finishedAt).not.toBeNull();
    expect(gaveUp).toEqual(["7:broken 3"]);
    expect(await runner.runDue()).toBe(0);
  });

  test("a failed attempt is retried after an exponential back-off", async () => {
    const runner = new JobRunner().register({
      kind: "test.later",
      backoffMs: 60_000,
      run: async () => {
        throw new Error("not yet");
      },
    });
    const id = (await enqueueJob("test.later", {}))!;
    await runner.runDue();
    const first = await jobRow(id);
    expect(first.state).toBe("queued");
    expect(first.lastError).toBe("not yet");
    const wait = await secondsUntilDue(id);
    expect(wait).toBeGreaterThan(40);
    expect(wait).toBeLessThan(80);

    // The second failure waits about twice as long.
    await db().execute(sql`UPDATE jobs SET run_after = now() WHERE id = ${id}`);
    await runner.runDue();
    const second = await secondsUntilDue(id);
    expect(second).toBeGreaterThan(90);
    expect(second).toBeLessThan(150);
  });

  test("a handler past its time limit is aborted and the attempt counts as failed", async () => {
    const runner = new JobRunner().register({
      kind: "test.slow",
      timeoutMs: 50,
      run: (_p, { signal }) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
    });
    const id = (await enqueueJob("test.slow", {}, { maxAttempts: 1 }))!;
    await runner.runDue();
    const row = await jobRow(id);
    expect(row.state).toBe("failed");
    expect(row.lastError).toMatch(/time limit/);
  });

  test("a payload the kind refuses is given up at once", async () => {
    let ran = false;
    const runner = new JobRunner().register({
      kind: "test.parse",
      parse: (payload) => {
        if (typeof (payload as { n?: unknown }).n !== "number") throw new Error("n must be a number");
        return payload as { n: number };
      },
      run: async () => {
        ran = true;
      },
    });
    const id = (await enqueueJob("test.parse", { n: "seven" }))!;
    await runner.runDue();
    expect(ran).toBe(false);
    expect((await jobRow(id)).state).toBe("failed");
    expect((await jobRow(id)).lastError).toMatch(/n must be a number/);
  });

  test("a job whose worker died on its last attempt is given up, not left running", async () => {
    const gaveUp: number[] = [];
    const runner = new JobRunner().register<{ n: number }>({
      kind: "test.dead",
      run: async () => {},
      onGiveUp: async (_tx, p) => void gaveUp.push(p.n),
    });
    const id = (await enqueueJob("test.dead", { n: 3 }, { maxAttempts: 1 }))!;
    await claimJob(["test.dead"], "gone", 60_000);
    await db().execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`);
    expect(await runner.runDue()).toBe(0);
    expect(await runner.giveUpExpired()).toBe(1);
    expect((await jobRow(id)).state).toBe("failed");
    expect(gaveUp).toEqual([3]);
  });
});

describe("scheduling and stopping", () => {
  test("several servers enqueue a period's scheduled job once", async () => {
    const servers = Array.from({ length: 4 }, () => new JobRunner().schedule({ name: "nightly", kind: "test.nightly", every: "day" }));
    const at = Date.parse("2026-11-23T15:30:00Z"); // 00:30 on 24 November in Seoul
    await Promise.all(servers.map((server) => server.enqueueScheduled(at)));
    await Promise.all(servers.map((server) => server.enqueueScheduled(at + 60_000)));
    const rows = await db().select({ key: jobs.uniqueKey }).from(jobs);
    expect(rows.map((r) => r.key)).toEqual(["schedule:nightly:2026-11-24"]);

    await servers[0]!.enqueueScheduled(at + 24 * 3600_000);
    expect((await db().select().from(jobs)).length).toBe(2);
  });

  test("stopping finishes a short job and hands a long one back to the queue, its attempt not counted", async () => {
    let started = 0;
    const runner = new JobRunner({ pollMs: 20 })
      .register({
        kind: "test.short",
        run: async () => {
          started += 1;
          await pause(30);
        },
      })
      .register({
        kind: "test.endless",
        run: (_p, { signal }) =>
          new Promise((_, reject) => {
            started += 1;
            signal.addEventListener("abort", () => reject(signal.reason));
          }),
      });
    const short = (await enqueueJob("test.short", {}))!;
    const endless = (await enqueueJob("test.endless", {}))!;
    runner.start();
    while (started < 2) await pause(10);
    await runner.stop(300);

    expect((await jobRow(short)).state).toBe("done");
    const handedBack = await jobRow(endless);
    expect(handedBack.state).toBe("queued");
    expect(handedBack.attempts).toBe(0);
    expect(handedBack.lockedBy).toBeNull();

    // The next server runs it.
    let finished = false;
    const next = new JobRunner().register({
      kind: "test.endless",
      run: async () => {
        finished = true;
      },
    });
    await next.runDue();
    expect(finished).toBe(true);
  });

  test("an enqueue wakes a running runner without waiting for its poll", async () => {
    let ran = false;
    const runner = new JobRunner({ pollMs: 60_000, scheduleEveryMs: 3_600_000 }).register({
      kind: "test.wake",
      run: async () => {
        ran = true;
      },
    });
    runner.start();
    await pause(50);
    await enqueueJob("test.wake", {});
    for (let i = 0; i < 200 && !ran; i++) await pause(10);
    await runner.stop();
    expect(ran).toBe(true);
  });

  test("finished jobs are purged after their keeping time", async () => {
    const old = (await enqueueJob("test.old", {}))!;
    const fresh = (await enqueueJob("test.fresh", {}))!;
    await db().execute(sql`UPDATE jobs SET state = 'done', finished_at = now() - interval '20 days' WHERE id = ${old}`);
    await db().execute(sql`UPDATE jobs SET state = 'done', finished_at = now() WHERE id = ${fresh}`);
    expect(await purgeFinishedJobs()).toBe(1);
    expect((await db().select({ id: jobs.id }).from(jobs)).map((r) => r.id)).toEqual([fresh]);
  });
});
