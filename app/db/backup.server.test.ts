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
  // A saved search with what it found and the mail that carried it (ADR 0053); the demo's news rows come with the seed.
  await db().execute(
    sql`INSERT INTO saved_searches (user_id, query, category) SELECT u.id, 'category=의류', '의류' FROM "user" u ORDER BY u.id LIMIT 1`,
  );
  await db().execute(
    sql`INSERT INTO saved_search_mails (user_id, run, subject, body, html) SELECT user_id, 'week-2026-11-30', 's', 'b', 'h' FROM saved_searches`,
  );
  await db().execute(
    sql`INSERT INTO saved_search_news (saved_search_id, wholesaler_id, user_id, reason, mail_id, settled_at)
      SELECT s.id, (SELECT min(id) FROM wholesalers), s.user_id, 'new', m.id, now() FROM saved_searches s JOIN saved_search_mails m ON m.user_id = s.user_id`,
  );
  const before = await countRows(db());
  expect(before.favorites).toBe(2);
  expect([before.supplier_news! > 0, before.saved_searches, before.saved_search_news, before.saved_search_mails]).toEqual([true, 1, 1, 1]);
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

test("reviews and term reports are backed up without their evidence files; the restored reviews build their scores again", async () => {
  const { rows } = await db().execute<{ user_id: string; wholesaler_id: number }>(
    sql`SELECT (SELECT id FROM "user" LIMIT 1) AS user_id, (SELECT id FROM wholesalers ORDER BY id LIMIT 1) AS wholesaler_id`,
  );
  const { user_id: userId, wholesaler_id: wholesalerId } = rows[0]!;
  await db().execute(sql`INSERT INTO evidence_files (id, owner_id, content_type, byte_size, body)
    VALUES ('AAAAAAAAAAAAAAAAAAAAAA', ${userId}, 'image/png', 3, '\\x010203')`);
  await db().execute(sql`INSERT INTO reviews (wholesaler_id, user_id, shipping, traded_on, body, evidence, evidence_file_id)
    VALUES (${wholesalerId}, ${userId}, 4, '2026-10', '출고가 빠르고 정확했습니다. 다음에도 거래합니다.', 'confirmed', 'AAAAAAAAAAAAAAAAAAAAAA')`);
  await db().execute(sql`INSERT INTO term_reports (wholesaler_id, reporter_id, terms, evidence_url, checked_on)
    VALUES (${wholesalerId}, ${userId}, '{"dropshipping":"yes"}', 'https://example.com/terms', '2026-11-20')`);
  const backup = JSON.parse(JSON.stringify(await createBackup(db())));
  expect(backup.tables.reviews).toHaveLength(1);
  expect(backup.tables.term_reports).toHaveLength(1);
  expect(backup.tables.evidence_files).toBeUndefined();

  const { open: target, drop } = await openFreshDatabase();
  try {
    await restoreBackup(target.db, backup);
    const scores = (database: typeof target.db) =>
      database.execute(
        sql`SELECT wholesaler_id, day, reviews, shipping_sum, shipping_count FROM review_score_days ORDER BY wholesaler_id, day`,
      );
    expect((await scores(target.db)).rows).toEqual((await scores(db())).rows);
    expect((await target.db.execute(sql`SELECT count(*)::int AS n FROM evidence_files`)).rows[0]).toEqual({ n: 0 });
  } finally {
    await target.close();
    await drop();
  }
});
