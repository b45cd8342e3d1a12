// npm run db:restore -- FILE: loads a backup into an empty database (refuses a database that has data).
import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { countRows, restoreBackup } from "#app/db/backup.server.ts";
import { db } from "#app/db/client.server.ts";
import { runScript, withDatabase } from "./with-database.ts";

runScript(async () => {
  const file = process.argv[2];
  if (!file) throw new Error("사용법: npm run db:restore -- FILE");
  let backup: unknown;
  try {
    const raw = fs.readFileSync(file);
    backup = JSON.parse((raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString("utf8"));
  } catch (error) {
    throw new Error(`백업 파일을 읽을 수 없습니다: ${file} (${(error as Error).message})`);
  }
  // A fresh embedded database would get demo content on its first server start; restoring replaces that step.
  process.env.SEED_DEMO = "0";
  const counts = await withDatabase(async () => {
    await restoreBackup(db(), backup);
    return countRows(db());
  });
  console.log(`복원했습니다: ${JSON.stringify(counts)}`);
});
