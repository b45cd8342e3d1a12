import { sql } from "drizzle-orm";
import type { Db } from "./client.server.ts";

/**
 * A logical backup: every table's rows as JSON, in foreign-key order. The same file restores into the
 * embedded database or into PostgreSQL (so it also moves a site from PGlite to a server).
 */
export const BACKUP_TABLES = [
  "user",
  "session",
  "account",
  "verification",
  // Proof of what each person agreed to at sign-up (ADR 0054).
  "consents",
  "wholesalers",
  "favorites",
  "products",
  "external_products",
  "seller_notes",
  "site_check_runs",
  "site_checks",
  "site_status",
  "official_records",
  "record_issues",
  "correction_requests",
  "wholesaler_changes",
  // Reviews and term reports, without their evidence files (personal data kept 30 days, never backed up) and without
  // review_score_days, which the reviews' trigger builds again as they are restored.
  "reviews",
  "review_answers",
  "review_takedowns",
  "review_flags",
  "term_reports",
  // What is new and the saved searches (ADR 0053): the news rows, each account's searches, what they found and mailed.
  "supplier_news",
  "saved_searches",
  "saved_search_news",
  "saved_search_mails",
  "jobs",
  "rate_limits",
  "og_image_cache",
  "app_meta",
] as const;

const IDENTITY_TABLES = new Set([
  "wholesalers",
  "products",
  "external_products",
  "seller_notes",
  "site_check_runs",
  "site_checks",
  "correction_requests",
  "wholesaler_changes",
  "reviews",
  "review_flags",
  "term_reports",
  "saved_searches",
  "saved_search_mails",
  "jobs",
]);

export type Backup = { format: "domae-backup"; version: 1; createdAt: string; tables: Record<string, unknown[]> };

export async function createBackup(db: Db): Promise<Backup> {
  const tables: Record<string, unknown[]> = {};
  // One snapshot for all tables, so rows that refer to each other are consistent.
  await db.transaction(
    async (tx) => {
      for (const table of BACKUP_TABLES) {
        const result = await tx.execute(sql`SELECT coalesce(json_agg(t ORDER BY t), '[]'::json) AS rows FROM ${sql.identifier(table)} t`);
        const rows = (result.rows[0] as { rows: unknown[] | string }).rows;
        tables[table] = typeof rows === "string" ? JSON.parse(rows) : rows;
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return { format: "domae-backup", version: 1, createdAt: new Date().toISOString(), tables };
}

export class RestoreError extends Error {
  override name = "RestoreError";
}

/** Restores into a migrated, empty database, all or nothing. */
export async function restoreBackup(db: Db, backup: unknown) {
  const parsed = backup as Partial<Backup>;
  if (parsed?.format !== "domae-backup" || parsed.version !== 1 || typeof parsed.tables !== "object" || !parsed.tables) {
    throw new RestoreError("백업 파일 형식이 아닙니다. (not a backup file)");
  }
  const tables = parsed.tables;
  await db.transaction(async (tx) => {
    for (const table of BACKUP_TABLES) {
      const result = await tx.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
      const n = Number((result.rows[0] as { n: number }).n);
      // The first start may have created the seed flag; anything else means the target is in use.
      if (n > 0 && table !== "app_meta")
        throw new RestoreError(`복원할 데이터베이스가 비어 있지 않습니다: ${table} (target database is not empty)`);
    }
    await tx.execute(sql`DELETE FROM app_meta`);
    for (const table of BACKUP_TABLES) {
      const rows = tables[table] ?? [];
      if (!Array.isArray(rows)) throw new RestoreError(`백업의 ${table} 표가 올바르지 않습니다.`);
      if (rows.length === 0) continue;
      const overriding = IDENTITY_TABLES.has(table) ? sql`OVERRIDING SYSTEM VALUE` : sql``;
      // Generated columns (wholesalers.fact_mask) are derived again by PostgreSQL, never written.
      const stored = await tx.execute(
        sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      );
      const columns = sql.join(
        stored.rows.map((r) => sql.identifier(String((r as { column_name: string }).column_name))),
        sql`, `,
      );
      // PostgreSQL itself maps the JSON back onto the table's columns and types.
      await tx.execute(
        sql`INSERT INTO ${sql.identifier(table)} (${columns}) ${overriding} SELECT ${columns} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
      );
      if (IDENTITY_TABLES.has(table)) {
        await tx.execute(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.identifier(table)}))`);
      }
    }
  });
}

export async function countRows(db: Db) {
  const counts: Record<string, number> = {};
  for (const table of BACKUP_TABLES) {
    const result = await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
    counts[table] = Number((result.rows[0] as { n: number }).n);
  }
  return counts;
}
