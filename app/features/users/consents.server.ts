import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, db, type Tx } from "#app/db/client.server.ts";
import { consents } from "#app/db/schema.ts";
import { formatDateTime, formatDay } from "#app/lib/format.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import {
  COMBINED_CONSENT_VERSION,
  CONSENT_ITEMS,
  CONSENT_KINDS,
  CONSENT_NAMES,
  CONSENT_TEXT_VERSIONS,
  type ConsentEntry,
  type ConsentKind,
} from "./signup-consent.ts";

/**
 * The consents of the sign-up (docs/decisions/0054): stored per item with the time and the version of the text
 * agreed to, shown on /account, and the optional 새 소식 메일 taken back (or given again) there. A future news mail
 * must ask `hasConsent(userId, "news")` first.
 */

/** The version of each item's text in force now: the terms' effective date, the others' from signup-consent.ts. */
export function consentVersions(): Record<ConsentKind, string> {
  return { terms: siteConfig().legal.termsEffectiveDate, ...CONSENT_TEXT_VERSIONS };
}

/** Stores the items a sign-up agreed to (in the caller's transaction, or on its own). */
export async function recordConsents(userId: string, agreed: Record<ConsentKind, boolean>, writer: Db | Tx = db()) {
  const versions = consentVersions();
  const rows = CONSENT_KINDS.filter((kind) => agreed[kind]).map((kind) => ({ userId, kind, version: versions[kind] }));
  if (rows.length === 0) return;
  await writer.insert(consents).values(rows);
}

/** Every item with what this account did about it, in the sign-up's order. */
export async function listConsents(userId: string): Promise<ConsentEntry[]> {
  const rows = await db().select().from(consents).where(eq(consents.userId, userId));
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return CONSENT_ITEMS.map((item) => {
    const row = byKind.get(item.kind);
    const state = !row ? "none" : row.withdrawnAt ? "withdrawn" : "agreed";
    const at = row ? (row.withdrawnAt ?? row.agreedAt) : null;
    return {
      kind: item.kind,
      name: CONSENT_NAMES[item.kind],
      required: item.required,
      state,
      at: at ? formatDateTime(at) : null,
      version: row ? versionLabel(row.version) : null,
    };
  });
}

/** `2026-12-01` → `2026. 12. 01. 문구`; a consent of the one checkbox before the items were separate says so. */
function versionLabel(version: string) {
  if (version === COMBINED_CONSENT_VERSION) return "이용약관·개인정보처리방침 통합 동의(예전 가입 양식)";
  return /^\d{4}-\d{2}-\d{2}$/.test(version) ? `${formatDay(version)} 문구` : version;
}

/** Whether the account agreed to `kind` and has not taken it back. */
export async function hasConsent(userId: string, kind: ConsentKind): Promise<boolean> {
  const [row] = await db()
    .select({ kind: consents.kind })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, kind), isNull(consents.withdrawnAt)));
  return Boolean(row);
}

/**
 * 새 소식 메일 받기 on /account: `false` takes the consent back (the row stays, with when), `true` gives it (again),
 * with the text's version of today. Returns when it happened, for the message (정보통신망법 제50조: the
 * result of a consent or its withdrawal is told to the person, with the date).
 */
export async function setNewsConsent(userId: string, on: boolean): Promise<Date> {
  const version = consentVersions().news;
  const [row] = on
    ? await db()
        .insert(consents)
        .values({ userId, kind: "news", version })
        .onConflictDoUpdate({
          target: [consents.userId, consents.kind],
          set: { version, agreedAt: sql`now()`, withdrawnAt: null },
        })
        .returning({ at: consents.agreedAt })
    : await db()
        .update(consents)
        .set({ withdrawnAt: sql`coalesce(${consents.withdrawnAt}, now())` })
        .where(and(eq(consents.userId, userId), eq(consents.kind, "news")))
        .returning({ at: consents.withdrawnAt });
  return row?.at ?? new Date();
}
