import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, vi } from "vitest";

/** config/site.json as the repository ships it. */
export const shippedSiteConfig = JSON.parse(fs.readFileSync("config/site.json", "utf8"));

/**
 * For tests that start the server's site configuration from a file of their own: returns a function that
 * writes `config` to a fresh file and points SITE_CONFIG at it. After each test the files go, the
 * environment is restored and the modules are forgotten, so the next import reads its own file.
 */
export function siteConfigFiles() {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
    vi.unstubAllEnvs();
    vi.resetModules();
  });
  return (config: unknown) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "site-config-"));
    folders.push(folder);
    const file = path.join(folder, "site.json");
    fs.writeFileSync(file, JSON.stringify(config));
    vi.stubEnv("SITE_CONFIG", file);
  };
}
