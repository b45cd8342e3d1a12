// npm run db:backup [-- FILE]: writes every table to a gzipped JSON file (default backups/domae-<time>.json.gz).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createBackup } from "#app/db/backup.server.ts";
import { db } from "#app/db/client.server.ts";
import { runScript, withDatabase } from "./with-database.ts";

runScript(async () => {
  const file = process.argv[2] ?? path.join("backups", `domae-${new Date().toISOString().replace(/[:.]/g, "-")}.json.gz`);
  const backup = await withDatabase(() => createBackup(db()));
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, gzipSync(JSON.stringify(backup)), { mode: 0o600 });
  const rows = Object.values(backup.tables).reduce((sum, t) => sum + t.length, 0);
  console.log(`백업을 저장했습니다: ${file} (${rows} rows)`);
});
