/**
 * `npm run bench:faults -- image` (issue 38, docs/decisions/0050): the Dockerfile built and its server run, on a
 * machine that reaches no container registry and cannot run containers. As root with podman and debootstrap
 * (Debian's packages):
 * 1. a base image from Debian's packages: `debootstrap --variant=minbase bookworm`, this machine's own CA
 *    certificates added (its outbound HTTPS goes through a proxy with its own CA; a real host's base, pulled from a
 *    registry, needs none), `podman import` (kept as localhost/domae-base:bookworm for the next run);
 * 2. `podman build --isolation chroot` of the Dockerfile on it (Node from the npm registry inside the build);
 * 3. the image mounted (`podman image mount`) and its own files run with `chroot` as its user (uid 10001) against
 *    a fresh database of the machine's PostgreSQL: the migrations from the image, the server (`node server.ts`,
 *    no launcher), `/readyz`, a page, `/metrics` from 127.0.0.1, the image's HEALTHCHECK command, a worker, and a
 *    clean stop on SIGTERM.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BENCH_AUTH_SECRET, createPostgresDatabase, postgresReachable } from "./server-process.ts";

const BASE = "localhost/domae-base:bookworm";
const IMAGE = "localhost/domae:trial";
const USER = "10001:10001";

const has = (program: string) => {
  try {
    execFileSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
const run = (program: string, args: string[], options: { input?: string | Buffer } = {}) =>
  execFileSync(program, args, { encoding: "utf8", stdio: ["pipe", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024, ...options });
const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;

function makeBase(rebuild: boolean) {
  const exists = run("podman", ["images", "-q", BASE]).trim() !== "";
  if (exists && !rebuild) return { made: false, seconds: 0 };
  const started = Date.now();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "domae-base-"));
  try {
    const rootfs = path.join(folder, "rootfs");
    run("debootstrap", ["--variant=minbase", "--include=ca-certificates", "bookworm", rootfs, "http://deb.debian.org/debian"]);
    const extra = "/usr/local/share/ca-certificates";
    if (fs.existsSync(extra)) {
      for (const file of fs.readdirSync(extra)) fs.copyFileSync(path.join(extra, file), path.join(rootfs, extra, file));
      run("chroot", [rootfs, "update-ca-certificates"]);
    }
    if (exists) run("podman", ["rmi", "-f", BASE]);
    const tar = execFileSync("tar", ["-C", rootfs, "-c", "."], { maxBuffer: 1024 * 1024 * 1024 });
    run("podman", ["import", "--change", "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt", "-", BASE], { input: tar });
    return { made: true, seconds: seconds(started) };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** A program of the image, run from its own files as its user, in its working directory, with only `env`. */
function inImage(root: string, env: Record<string, string>, command: string[]): ChildProcess {
  const environment = Object.entries({ PATH: "/usr/local/bin:/usr/bin:/bin", NODE_ENV: "production", DATA_DIR: "/data", ...env }).map(
    ([key, value]) => `${key}=${value}`,
  );
  return spawn(
    "chroot",
    [`--userspec=${USER}`, root, "/usr/bin/env", "-i", ...environment, "sh", "-c", 'cd /app && exec "$@"', "sh", ...command],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
}

function outputOf(child: ChildProcess) {
  let text = "";
  child.stdout?.on("data", (chunk) => (text += chunk));
  child.stderr?.on("data", (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { text: () => text, exited };
}

export async function imageTrial({ port, rebuildBase = false }: { port: number; rebuildBase?: boolean }) {
  if (process.getuid?.() !== 0) return { skipped: "needs root (podman build --isolation chroot, chroot)" };
  for (const program of ["podman", "debootstrap", "chroot"]) {
    if (!has(program)) return { skipped: `${program} is not installed (apt-get install podman debootstrap)` };
  }
  if (!(await postgresReachable())) return { skipped: "PostgreSQL not reachable" };
  const baseImage = makeBase(rebuildBase);

  const building = Date.now();
  run("podman", ["build", "--isolation", "chroot", "--format", "docker", "--build-arg", `BASE=${BASE}`, "-t", IMAGE, "."]);
  const buildSeconds = seconds(building);
  const [inspected] = JSON.parse(run("podman", ["image", "inspect", IMAGE])) as {
    Size: number;
    Config: { User: string; Cmd: string[]; StopSignal?: string; WorkingDir: string };
    Healthcheck?: { Test: string[] };
  }[];
  const baseSize = (JSON.parse(run("podman", ["image", "inspect", BASE])) as { Size: number }[])[0]!.Size;

  const root = run("podman", ["image", "mount", IMAGE]).trim();
  const database = await createPostgresDatabase("domae_image");
  const children: ChildProcess[] = [];
  try {
    const nodeVersion = run("chroot", [`--userspec=${USER}`, root, "/usr/local/bin/node", "--version"]).trim();
    const settings = { DATABASE_URL: database.url, AUTH_SECRET: BENCH_AUTH_SECRET, SEED_DEMO: "1" };
    // The deploy order of docs/deployment.md: the migrations once, then the processes with MIGRATE_ON_START=0.
    const migrating = Date.now();
    const migrate = outputOf(inImage(root, settings, ["node", "scripts/migrate.ts"]));
    const migrateExit = await migrate.exited;
    const migrateSeconds = seconds(migrating);

    const starting = Date.now();
    const webChild = inImage(
      root,
      { ...settings, MIGRATE_ON_START: "0", HOST: "127.0.0.1", PORT: String(port), METRICS: "1", JOBS: "none" },
      ["node", "server.ts"],
    );
    children.push(webChild);
    const web = outputOf(webChild);
    const origin = `http://127.0.0.1:${port}`;
    let readySeconds: number | null = null;
    for (let i = 0; i < 1200 && webChild.exitCode === null; i++) {
      try {
        if ((await fetch(`${origin}/readyz`)).ok) {
          readySeconds = seconds(starting);
          break;
        }
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const list = await fetch(`${origin}/list`).catch(() => null);
    const listBody = list ? await list.text() : "";
    const metrics = await fetch(`${origin}/metrics`).catch(() => null);
    const metricsBody = metrics ? await metrics.text() : "";
    // The image's own HEALTHCHECK command, run as the container runtime would (inside, as its user).
    const healthcheck = inspected!.Healthcheck?.Test ?? [];
    const healthExit = healthcheck[0] === "CMD" ? await outputOf(inImage(root, { PORT: String(port) }, healthcheck.slice(1))).exited : null;

    const workerChild = inImage(root, { ...settings, MIGRATE_ON_START: "0", JOBS: "all", LINK_CHECK: "0" }, ["node", "scripts/worker.ts"]);
    children.push(workerChild);
    const worker = outputOf(workerChild);
    let workerStarted = false;
    for (let i = 0; i < 2400 && workerChild.exitCode === null && !workerStarted; i++) {
      workerStarted = worker.text().includes('"worker started"');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    workerChild.kill("SIGTERM");
    const workerExit = await worker.exited;

    const stopping = Date.now();
    webChild.kill("SIGTERM");
    const webExit = await web.exited;
    const stopSeconds = seconds(stopping);
    const lines = web.text().split("\n");
    return {
      base: { madeNow: baseImage.made, seconds: baseImage.seconds, sizeMb: Math.round(baseSize / 1e6) },
      build: { seconds: buildSeconds, sizeMb: Math.round(inspected!.Size / 1e6) },
      image: {
        user: inspected!.Config.User,
        cmd: inspected!.Config.Cmd,
        stopSignal: inspected!.Config.StopSignal,
        healthcheck: healthcheck.join(" ").slice(0, 60),
        node: nodeVersion,
        launcherFetchedNode: web.text().includes("fetching Node"),
      },
      migrations: { exit: migrateExit, seconds: migrateSeconds },
      server: {
        secondsToReady: readySeconds,
        list: list?.status ?? null,
        listIsThePage: listBody.includes("도매온"),
        metrics: metrics?.status ?? null,
        metricsSeries: metricsBody.split("\n").filter((line) => line.startsWith("domae_")).length,
        healthcheckExit: healthExit,
      },
      worker: { started: workerStarted, exit: workerExit },
      stop: { signal: "SIGTERM", exit: webExit, seconds: stopSeconds, lastLine: lines.filter(Boolean).at(-1)?.slice(0, 80) },
    };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    run("podman", ["image", "unmount", IMAGE]);
    await database.drop();
  }
}
