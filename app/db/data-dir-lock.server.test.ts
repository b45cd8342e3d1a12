import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { acquireDataDirLock } from "./data-dir-lock.server.ts";

/**
 * Two holders of one DATA_DIR told apart. In containers every server is pid 1, so the pid alone made the second
 * container take the first one's live lock as its own left-over (issue 38).
 */
let dataDir = "";
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "domae-lock-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const lockFile = () => path.join(dataDir, "server.lock");
const bootId = () => fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

test("a lock held by another container with the same pid (both pid 1) is refused, and the holder is named", () => {
  fs.writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, host: "other-container", bootId: bootId() }));
  expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by process \d+ on host other-container.*delete/);
  expect(JSON.parse(fs.readFileSync(lockFile(), "utf8")).host).toBe("other-container");
});

test("a lock of this host whose process is gone, or one from before the machine's last boot, is taken over", () => {
  const gone = 2 ** 22 + 12_345;
  fs.writeFileSync(lockFile(), JSON.stringify({ pid: gone, host: os.hostname(), bootId: bootId() }));
  acquireDataDirLock(dataDir)();
  fs.writeFileSync(lockFile(), JSON.stringify({ pid: 1, host: "other-container", bootId: "an-earlier-boot" }));
  const release = acquireDataDirLock(dataDir);
  expect(JSON.parse(fs.readFileSync(lockFile(), "utf8"))).toEqual({ pid: process.pid, host: os.hostname(), bootId: bootId() });
  release();
  expect(fs.existsSync(lockFile())).toBe(false);
});

test("a live process of this host keeps its lock (also in the old file format, a bare pid)", () => {
  // pid 1 runs on every Linux machine (init, or this container's first process).
  fs.writeFileSync(lockFile(), "1");
  expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by process 1\b/);
  fs.writeFileSync(lockFile(), JSON.stringify({ pid: 1, host: os.hostname(), bootId: bootId() }));
  expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by process 1\b/);
});
