import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3210);
const dataDir = `./data-e2e-${port}`;
const buildDir = process.env.BUILD_DIR || "build";

export default defineConfig({
  testDir: "tests/e2e",
  // Separate per port, so parallel runs do not delete each other's artifacts.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    // The production build with a brand-new embedded database, as a first-time operator would start it.
    command: `rm -rf ${dataDir} && node server.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAILS: "admin@example.com",
      AUTH_RATE_LIMIT: "1000",
      OG_FETCH_ALLOW_HOSTS: "127.0.0.1",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
