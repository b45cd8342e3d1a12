import { sql } from "drizzle-orm";
import { currentDatabase, db, openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { seedDemoIfFirstStart } from "#app/features/demo/seed.server.ts";
import { env } from "./env.server.ts";
import { siteConfig } from "./site-config.server.ts";

/** Opens (and migrates) the database, loads demo content on a first start. Throws a one-line error. */
export async function startApp() {
  const config = env();
  siteConfig();
  const open = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  setCurrentDatabase(open);
  if (config.SEED_DEMO === "1") await seedDemoIfFirstStart();
  return { kind: open.kind };
}

export async function stopApp() {
  const open = currentDatabase();
  setCurrentDatabase(undefined);
  await open?.close();
}

/** /readyz: the database answers a trivial query within the timeout. */
export async function checkReady(timeoutMs = 2000): Promise<boolean> {
  if (!currentDatabase()) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      db().execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
