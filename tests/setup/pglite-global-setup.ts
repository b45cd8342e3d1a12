// Vitest's global setup of the `data` project (vitest.config.ts): one migrated PGlite archive for every test file.
import type { TestProject } from "vitest/node";
import { migratedPgliteArchive } from "./migrated-databases.ts";

export default async function setup(project: TestProject) {
  project.provide("migratedPgliteArchive", await migratedPgliteArchive());
}

declare module "vitest" {
  export interface ProvidedContext {
    migratedPgliteArchive: string;
    migratedPostgresTemplate: string;
  }
}
