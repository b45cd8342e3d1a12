// npm run build: the production build (react-router build into BUILD_DIR, default build/), its output on the terminal,
// and then a stamp of what it was built from: the hash of the sources and the lockfile (BUILD_INPUTS).
// npm start runs it with --if-stale: no build when the stamp matches (a restart takes seconds, not a minute); else
// the build's output goes to <BUILD_DIR>.log and the terminal gets one line.
import { type SpawnOptions, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * What the build reads, relative to the project: a change to any of them (or to BENCH_ROUTES, which adds the bench's
 * page to app/routes.ts) makes the build stale. Tests beside the code are not built; drizzle/ and config/ are read
 * by the server at run time, not built into it.
 */
export const BUILD_INPUTS = [
  "app",
  "server",
  "content",
  "public",
  "bench/reference-list-route.tsx",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];
const BUILD_ENV = ["BENCH_ROUTES"];
const STAMP_FILE = ".source-stamp";

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function filesUnder(root: string, input: string): string[] {
  const full = path.join(root, input);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [input];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !isTest(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** sha256 of every input file's path and bytes, in path order, and of the build's settings. */
export function sourceStamp(root: string, environment: NodeJS.ProcessEnv = process.env) {
  const hash = createHash("sha256");
  const files = BUILD_INPUTS.flatMap((input) => filesUnder(root, input)).sort();
  for (const file of files) {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  for (const name of BUILD_ENV) hash.update(`${name}=${environment[name] ?? ""}\0`);
  return hash.digest("hex");
}

const stampPath = (buildDir: string) => path.join(buildDir, STAMP_FILE);

/** True when `buildDir` holds a whole build of exactly these sources. */
export function buildIsCurrent(buildDir: string, stamp: string) {
  try {
    return fs.readFileSync(stampPath(buildDir), "utf8").trim() === stamp && fs.existsSync(path.join(buildDir, "server/index.js"));
  } catch {
    return false;
  }
}

export type BuildOptions = {
  root: string;
  buildDir: string;
  /** The build command (default `react-router build`, found on the PATH the launcher sets). */
  command?: string[];
  /** Where the build's output goes; the terminal's when absent. */
  logFile?: string;
};

/** Runs the build; the stamp is removed first (an interrupted build is never taken for a current one) and written after. */
export async function build({ root, buildDir, command = ["react-router", "build"], logFile }: BuildOptions) {
  const stamp = sourceStamp(root);
  fs.rmSync(stampPath(buildDir), { force: true });
  const log = logFile ? fs.openSync(logFile, "w") : undefined;
  const options: SpawnOptions = { cwd: root, stdio: log === undefined ? "inherit" : ["ignore", log, log] };
  const code = await new Promise<number>((resolve) => {
    const child = spawn(command[0]!, command.slice(1), options);
    child.once("error", (error) => {
      if (log !== undefined) fs.writeSync(log, `${error.message}\n`);
      resolve(127);
    });
    child.once("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
  });
  if (log !== undefined) fs.closeSync(log);
  if (code === 0) fs.writeFileSync(stampPath(buildDir), `${stamp}\n`);
  return code;
}

/**
 * npm start's build step: nothing when `buildDir` is current, else the build with its output in `logFile` and one
 * line on the terminal; a failed build prints the log's last lines. Returns what happened and the build's exit code.
 */
export async function buildIfStale(options: BuildOptions & { logFile: string; print?: (line: string) => void }) {
  const print = options.print ?? ((line: string) => process.stderr.write(`${line}\n`));
  const buildName = path.relative(options.root, options.buildDir) || options.buildDir;
  const logName = path.relative(options.root, options.logFile) || options.logFile;
  if (buildIsCurrent(options.buildDir, sourceStamp(options.root))) {
    print(`${buildName}/ matches the sources: starting without a build — 소스가 그대로여서 빌드 없이 시작합니다.`);
    return { built: false, code: 0 };
  }
  print(
    `Building the app into ${buildName}/ (about a minute; its output goes to ${logName}) — 앱을 빌드합니다. 빌드 기록은 ${logName}에 남습니다.`,
  );
  const code = await build(options);
  if (code !== 0) {
    const lastLines = fs.readFileSync(options.logFile, "utf8").trimEnd().split("\n").slice(-30).join("\n");
    print(
      `${lastLines}\nThe build failed (exit ${code}); the whole output is in ${logName} — 빌드에 실패했습니다. ${logName}을 확인해 주세요.`,
    );
  }
  return { built: true, code };
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, "..");
  const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
  const code = process.argv.includes("--if-stale")
    ? (await buildIfStale({ root, buildDir, logFile: `${buildDir}.log` })).code
    : await build({ root, buildDir });
  process.exit(code);
}
