// Vitest's global setup of the `postgres` project (vitest.config.ts): one migrated template database to copy.
import type { TestProject } from "vitest/node";
import { migratedPostgresTemplate } from "./migrated-databases.ts";

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("The postgres project needs TEST_DATABASE_URL (postgres://…)");
  project.provide("migratedPostgresTemplate", await migratedPostgresTemplate(adminUrl));
}
