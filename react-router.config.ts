import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Keeps each route's client code (the note editor above all) off the pages that do not use it.
  splitRouteModules: true,
  // Parallel e2e runs (and the benchmarks) may build elsewhere.
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
