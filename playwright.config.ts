import { defineConfig } from "@playwright/test";
import {
  e2eDataDir as dataDir,
  e2eServerLog,
  e2eOAuthPort as oauthPort,
  e2ePort as port,
  e2eRegistryPort as registryPort,
  e2eSmtpControlPort as smtpControlPort,
  e2eSmtpPort as smtpPort,
} from "./tests/e2e/paths.ts";

const buildDir = process.env.BUILD_DIR || "build";
// The long sweeps (every bad input on every form, axe on every page at both widths) run after the journeys, so a
// broken journey is reported minutes sooner (docs/testing.md). `--project sweeps --no-deps` runs them alone.
const sweeps = ["bad-input.spec.ts", "accessibility.spec.ts"];

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
  projects: [
    { name: "journeys", testIgnore: sweeps },
    { name: "sweeps", testMatch: sweeps, dependencies: ["journeys"] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: [
    {
      // The stand-in registries of the official records (tests/e2e/stand-in-registry-server.ts), a real HTTP
      // server on 127.0.0.1 that the journeys tell what to answer.
      command: "exec node tests/e2e/stand-in-registry-server.ts",
      url: `http://127.0.0.1:${registryPort}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The stand-in mail server (tests/e2e/stand-in-smtp-server.ts): real SMTP on 127.0.0.1, every mail it receives
      // kept as a line in a mailbox file the journeys read (tests/e2e/mailbox.ts).
      command: "exec node tests/e2e/stand-in-smtp-server.ts",
      url: `http://127.0.0.1:${smtpControlPort}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The stand-in 카카오 and 네이버 sign-in services (tests/e2e/stand-in-oauth-server.ts), on 127.0.0.1.
      command: "exec node tests/e2e/stand-in-oauth-server.ts",
      url: `http://127.0.0.1:${oauthPort}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The production build with a brand-new embedded database, as a first-time operator would start it.
      // Mail goes to the stand-in mail server above, whose mailbox the journeys read for their links (tests/e2e/mailbox.ts).
      command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && exec node server.ts > ${e2eServerLog}`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        BUILD_DIR: buildDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Listed addresses become admins once the mailed link is opened (fixtures.ts signInAsAdmin).
        ADMIN_EMAILS: "admin@example.com,owner@example.com",
        AUTH_RATE_LIMIT: "1000",
        OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
        // The demo suppliers' sites are on the internet: the journeys never visit them (site checks are
        // covered by the Vitest suites against stand-in sites on 127.0.0.1).
        LINK_CHECK: "0",
        // The official records' registries are the stand-in above (OUTBOUND_ALLOW_HOSTS allows 127.0.0.1).
        DATA_GO_KR_KEY: "e2e-stand-in-key",
        NTS_API_URL: `http://127.0.0.1:${registryPort}/nts`,
        FTC_API_URL: `http://127.0.0.1:${registryPort}/ftc`,
        SMTP_URL: `smtp://mailer:mail-secret@127.0.0.1:${smtpPort}`,
        // 찜 alerts gather for 2 s (default 60) so a journey's alert leaves within seconds (docs/decisions/0036).
        ALERT_GATHER_SECONDS: "2",
        // Saved searches mail every minute instead of on Monday morning (docs/decisions/0053).
        SAVED_SEARCH_MAIL_MINUTES: "1",
        // 카카오 로그인 and 네이버 로그인 against the stand-in services above (docs/decisions/0055).
        KAKAO_CLIENT_ID: "kakao-rest-api-key",
        KAKAO_CLIENT_SECRET: "kakao-client-secret",
        KAKAO_AUTH_URL: `http://127.0.0.1:${oauthPort}/kakao-auth`,
        KAKAO_API_URL: `http://127.0.0.1:${oauthPort}/kakao-api`,
        NAVER_CLIENT_ID: "naver-client-id",
        NAVER_CLIENT_SECRET: "naver-client-secret",
        NAVER_AUTH_URL: `http://127.0.0.1:${oauthPort}/naver-auth`,
        NAVER_API_URL: `http://127.0.0.1:${oauthPort}/naver-api`,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
