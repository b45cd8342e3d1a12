import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIfStale } from "./build.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/**
 * A project of a few files and a stand-in build that counts its runs, writes a server bundle and prints as much as
 * react-router build does (about 400 lines).
 */
function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "domae-build-stamp-"));
  folders.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write("app/root.tsx", "export default function Root() {}\n");
  write("app/lib/format.ts", 'export const won = (n: number) => String(n) + "원";\n');
  write("app/lib/format.test.ts", "test('won', () => {});\n");
  write("package-lock.json", '{ "lockfileVersion": 3 }\n');
  write("docs/notes.md", "not built\n");
  const buildDir = path.join(root, "build");
  const runs = path.join(root, "runs");
  const fakeBuild = `const fs = require("node:fs");
fs.appendFileSync(${JSON.stringify(runs)}, "x");
fs.mkdirSync(${JSON.stringify(path.join(buildDir, "server"))}, { recursive: true });
fs.writeFileSync(${JSON.stringify(path.join(buildDir, "server/index.js"))}, "");
for (let i = 0; i < 400; i++) console.log("build/client/assets/chunk-" + i + ".js  1.2 kB");
console.warn("[PLUGIN_TIMINGS] Warning: your build spent significant time in plugins");`;
  const printed: string[] = [];
  const start = (command = [process.execPath, "-e", fakeBuild]) =>
    buildIfStale({ root, buildDir, command, logFile: path.join(root, "build.log"), print: (line) => printed.push(line) });
  const buildRuns = () => (fs.existsSync(runs) ? fs.readFileSync(runs, "utf8").length : 0);
  return { root, write, start, buildRuns, printed };
}

describe("npm start builds only when the sources or the lockfile changed", () => {
  it("builds the first time, with the build's output in the log and one line on the terminal", async () => {
    const { root, start, buildRuns, printed } = project();
    expect(await start()).toEqual({ built: true, code: 0 });
    expect(buildRuns()).toBe(1);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^Building the app into build\/ .*build\.log/);
    const log = fs.readFileSync(path.join(root, "build.log"), "utf8");
    expect(log.split("\n").filter((line) => line.startsWith("build/client/"))).toHaveLength(400);
    expect(log).toContain("[PLUGIN_TIMINGS]");
  });

  it("skips the build when nothing it reads changed (a test file, the docs, the database folder)", async () => {
    const { write, start, buildRuns, printed } = project();
    await start();
    write("app/lib/format.test.ts", "test('won', () => { /* edited */ });\n");
    write("docs/notes.md", "edited\n");
    write("data/pglite.bin", "database pages");
    expect(await start()).toEqual({ built: false, code: 0 });
    expect(buildRuns()).toBe(1);
    expect(printed.at(-1)).toMatch(/^build\/ matches the sources: starting without a build/);
  });

  it("builds again after a source changes, or a source is added", async () => {
    const { write, start, buildRuns } = project();
    await start();
    write("app/lib/format.ts", 'export const won = (n: number) => n.toLocaleString() + "원";\n');
    expect((await start()).built).toBe(true);
    write("app/lib/new.ts", "export {};\n");
    expect((await start()).built).toBe(true);
    expect(await start()).toEqual({ built: false, code: 0 });
    expect(buildRuns()).toBe(3);
  });

  it("builds again after the lockfile changes (another version of a dependency)", async () => {
    const { write, start, buildRuns } = project();
    await start();
    write("package-lock.json", '{ "lockfileVersion": 3, "packages": { "node_modules/react-router": { "version": "8.5.3" } } }\n');
    expect((await start()).built).toBe(true);
    expect(buildRuns()).toBe(2);
  });

  it("builds again when the build folder lost its server bundle", async () => {
    const { root, start, buildRuns } = project();
    await start();
    fs.rmSync(path.join(root, "build/server"), { recursive: true });
    expect((await start()).built).toBe(true);
    expect(buildRuns()).toBe(2);
  });

  it("a failed build leaves no stamp: the next start builds again, and the terminal shows the log's end", async () => {
    const { start, buildRuns, printed } = project();
    const failing = [process.execPath, "-e", 'console.log("[vite] error: Could not resolve ./missing"); process.exit(1)'];
    expect(await start(failing)).toEqual({ built: true, code: 1 });
    expect(printed.at(-1)).toContain("Could not resolve ./missing");
    expect(printed.at(-1)).toMatch(/The build failed \(exit 1\)/);
    expect((await start()).built).toBe(true);
    expect(buildRuns()).toBe(1);
  });
});
