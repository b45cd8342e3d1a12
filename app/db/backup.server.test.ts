import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { seedDemo } from "#app/features/demo/seed.server.ts";
import { openFreshDatabase, withTestDatabase } from "#tests/test-database.ts";
import { countRows, createBackup, RestoreError, restoreBackup } from "./backup.server.ts";
import { db } from "./client.server.ts";

withTestDatabase();

test("a backup restores into an empty database with every row, and ids keep counting after it", async () => {
  await seedDemo();
  // A favourite too (it refers to a user and a supplier), and the suppliers' derived facts come back.
  await db().execute(
    sql`INSERT INTO favorites (user_id, wholesaler_id) SELECT (SELECT u.id FROM "user" u LIMIT 1), w.id FROM wholesalers w ORDER BY w.id LIMIT 2`,
  );
  const before = await countRows(db());
  expect(before.favorites).toBe(2);
  const backup = JSON.parse(JSON.stringify(await createBackup(db())));

  const { open: target, drop } = await openFreshDatabase();
  try {
    await restoreBackup(target.db, backup);
    expect(await countRows(target.db)).toEqual(before);
    const again = await createBackup(target.db);
    expect(again.tables).toEqual(backup.tables);
    // The identity sequences continue after the highest restored id.
    const inserted = await target.db.execute(sql`INSERT INTO wholesalers (name) VALUES ('새 도매처') RETURNING id`);
    const maxBefore = Math.max(...(backup.tables.wholesalers as { id: number }[]).map((w) => w.id));
    expect(Number((inserted.rows[0] as { id: number }).id)).toBeGreaterThan(maxBefore);

    // A second restore into the now non-empty database is refused and changes nothing.
    await expect(restoreBackup(target.db, backup)).rejects.toBeInstanceOf(RestoreError);
    expect((await countRows(target.db)).wholesalers).toBe(before.wholesalers! + 1);
  } finally {
    await target.close();
    await drop();
  }
});

test("a file that is not a backup is refused", async () => {
  await expect(restoreBackup(db(), { hello: "world" })).rejects.toThrow("백업 파일 형식이 아닙니다");
});
