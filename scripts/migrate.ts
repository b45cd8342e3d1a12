// npm run db:migrate: applies the migrations once (to DATABASE_DIRECT_URL, else DATABASE_URL, else the
// embedded database in DATA_DIR) and, with SEED_DEMO=1, loads the demo content on an empty database. For
// deploys whose servers start with MIGRATE_ON_START=0 (docs/deployment.md): run it before starting them.
import { openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { seedDemoIfFirstStart } from "#app/features/demo/seed.server.ts";
import { env } from "#app/lib/env.server.ts";
import { runScript } from "./with-database.ts";

runScript(async () => {
  const config = env();
  const open = await openDatabase({
    databaseUrl: config.DATABASE_DIRECT_URL ?? config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    afterMigrate: async (opened) => {
      setCurrentDatabase(opened);
      if (config.SEED_DEMO === "1") await seedDemoIfFirstStart();
    },
  });
  setCurrentDatabase(undefined);
  await open.close();
  console.log("마이그레이션을 마쳤습니다. (migrations applied)");
});
