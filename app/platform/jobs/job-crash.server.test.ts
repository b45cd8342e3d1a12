import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray, like } from "drizzle-orm";
import { expect, test } from "vitest";
import { type OpenDatabase, openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { appMeta, jobs } from "#app/db/schema.ts";
import { openFreshDatabase, testDatabaseKind } from "#tests/test-database.ts";
import { JobRunner } from "./job-runner.server.ts";

const JOBS = 30;

/**
 * kill -9 in the middle of a run: no queued job is lost (each runs after the restart) and none runs
 * twice to completion (each leaves exactly one result). A real child process on the database under test.
 */
test("a worker killed with SIGKILL mid-run loses no job and completes none twice", async () => {
  const postgres = testDatabaseKind() === "postgres";
  const dataDir = postgres ? "" : fs.mkdtempSync(path.join(fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "domae-job-crash-"));
  // The embedded database is one process's: the child creates it and the parent opens it after the kill.
  let open: OpenDatabase | undefined;
  let drop = async () => {};
  let url = "";
  if (postgres) {
    const fresh = await openFreshDatabase();
    open = fresh.open;
    drop = fresh.drop;
    url = fresh.url ?? "";
  }
  try {
    const child = spawn(process.execPath, ["tests/job-crash-child.ts"], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, CRASH_JOBS: String(JOBS) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let printed = 0;
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += String(chunk);
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`child did not work: ${errors}`)), 90_000);
      child.stdout.on("data", (chunk: Buffer) => {
        printed += (String(chunk).match(/^done /gm) ?? []).length;
        if (printed >= 8) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", () => reject(new Error(`child exited early: ${errors}`)));
    });
    child.kill("SIGKILL");
    await exited;

    if (!open) open = await openDatabase({ dataDir });
    setCurrentDatabase(open);
    const database = open;
    // The restarted server: it takes over the dead worker's jobs once their claims run out (1.5 s).
    const ran: number[] = [];
    const restarted = new JobRunner({ lockMarginMs: 500 }).register<{ n: number }>({
      kind: "crash.work",
      concurrency: 3,
      timeoutMs: 1_000,
      run: async ({ n }, job) => {
        ran.push(n);
        await job.complete(async (tx) => {
          await tx.insert(appMeta).values({ key: `crash-done:${n}:${job.job.attempts}`, value: "restarted" });
        });
      },
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      await restarted.runDue();
      const left = await database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(inArray(jobs.state, ["queued", "running"]));
      if (left.length === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const rows = await database.db.select({ state: jobs.state, attempts: jobs.attempts, payload: jobs.payload }).from(jobs);
    expect(rows.filter((row) => row.state !== "done")).toEqual([]);
    const results = await database.db.select({ key: appMeta.key }).from(appMeta).where(like(appMeta.key, "crash-done:%"));
    const perJob = new Map<number, number>();
    for (const { key } of results) {
      const n = Number(key.split(":")[1]);
      perJob.set(n, (perJob.get(n) ?? 0) + 1);
    }
    expect(perJob.size).toBe(JOBS);
    expect([...perJob.values()].every((count) => count === 1)).toBe(true);
    expect(ran.length).toBeGreaterThan(0);
    // The jobs the child held when it died ran again, on their second attempt.
    expect(rows.some((row) => row.attempts === 2)).toBe(true);
  } finally {
    setCurrentDatabase(undefined);
    await open?.close().catch(() => {});
    await drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);
