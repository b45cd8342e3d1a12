import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts", "content/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite is CPU-heavy; two workers match the two cores of these machines.
    maxWorkers: 2,
    env: { NODE_ENV: "test", DATA_DIR: "./data-test", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", AUTH_RATE_LIMIT: "0" },
  },
});
