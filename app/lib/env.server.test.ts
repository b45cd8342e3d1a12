import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { env } from "./env.server.ts";
import { log } from "./log.server.ts";

/** Secrets from files (`<NAME>_FILE`, Docker's and Kubernetes' secrets) and LOG_LEVEL (issue 38). */
const saved = { ...process.env };
let folder = "";
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "domae-env-"));
  process.env.DATA_DIR = folder;
});
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  fs.rmSync(folder, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function secretFile(name: string, content: string) {
  const file = path.join(folder, name);
  fs.writeFileSync(file, content, { mode: 0o600 });
  return file;
}

test("AUTH_SECRET, DATABASE_URL and the other secrets may come from <NAME>_FILE, without the file's trailing line break", () => {
  delete process.env.AUTH_SECRET;
  delete process.env.DATABASE_URL;
  process.env.AUTH_SECRET_FILE = secretFile("auth_secret", "a-secret-from-a-file-of-32-characters\n");
  process.env.DATABASE_URL_FILE = secretFile("database_url", "postgres://domae:pa%24%24@db:5432/domae\r\n");
  process.env.S3_SECRET_ACCESS_KEY_FILE = secretFile("s3_secret", "s3-secret-key");
  process.env.SMTP_URL_FILE = secretFile("smtp_url", "smtp://mailer:pw@smtp.example.com:587\n");
  const config = env();
  expect(config.authSecret).toBe("a-secret-from-a-file-of-32-characters");
  expect(config.DATABASE_URL).toBe("postgres://domae:pa%24%24@db:5432/domae");
  expect(config.S3_SECRET_ACCESS_KEY).toBe("s3-secret-key");
  expect(config.SMTP_URL).toBe("smtp://mailer:pw@smtp.example.com:587");
  // Nothing was generated into DATA_DIR: the secret came from the file.
  expect(fs.existsSync(path.join(folder, "auth-secret"))).toBe(false);
});

test("a setting given both plainly and as a file is refused with one line naming both; an unreadable file is named", () => {
  process.env.AUTH_SECRET = "a-plain-secret-of-at-least-32-characters";
  process.env.AUTH_SECRET_FILE = secretFile("auth_secret", "another-secret-of-at-least-32-characters\n");
  expect(() => env()).toThrow("Invalid setting AUTH_SECRET: set AUTH_SECRET or AUTH_SECRET_FILE, not both");

  delete process.env.AUTH_SECRET_FILE;
  process.env.DATA_GO_KR_KEY_FILE = path.join(folder, "missing");
  expect(() => env()).toThrow(`Invalid setting DATA_GO_KR_KEY_FILE: cannot read ${path.join(folder, "missing")} (ENOENT)`);

  // A value read from a file is checked like the plain one.
  delete process.env.DATA_GO_KR_KEY_FILE;
  process.env.AUTH_SECRET = "";
  process.env.AUTH_SECRET_FILE = secretFile("short", "short\n");
  expect(() => env()).toThrow("AUTH_SECRET must be at least 32 characters");
});

/** What the logger writes to stdout and stderr while `work` runs. */
function linesOf(work: () => void) {
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
  try {
    work();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as { level: string; msg: string });
}

const everyLevel = () => {
  log.debug("d");
  log.info("i");
  log.warn("w");
  log.error("e");
};

test("LOG_LEVEL keeps its level and the ones above: info by default, debug adds the debug lines, warn drops the request lines", () => {
  delete process.env.LOG_LEVEL;
  expect(linesOf(everyLevel).map((line) => line.level)).toEqual(["info", "warn", "error"]);
  process.env.LOG_LEVEL = "debug";
  expect(linesOf(everyLevel).map((line) => line.level)).toEqual(["debug", "info", "warn", "error"]);
  process.env.LOG_LEVEL = "warn";
  expect(linesOf(everyLevel).map((line) => line.level)).toEqual(["warn", "error"]);
  process.env.LOG_LEVEL = "error";
  expect(linesOf(everyLevel).map((line) => line.msg)).toEqual(["e"]);
});

test("an unknown LOG_LEVEL is refused at start with the levels named; until then the logger keeps info", () => {
  process.env.AUTH_SECRET = "a-plain-secret-of-at-least-32-characters";
  process.env.LOG_LEVEL = "verbose";
  expect(() => env()).toThrow("Invalid setting LOG_LEVEL: LOG_LEVEL must be debug, info, warn or error");
  expect(linesOf(everyLevel).map((line) => line.level)).toEqual(["info", "warn", "error"]);
});
