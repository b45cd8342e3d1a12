import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { alertDigests, alertSettings, user } from "#app/db/schema.ts";
import { TERM_LABELS, termValueWords } from "#app/features/wholesalers/wholesaler-terms.ts";
import { env } from "#app/lib/env.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import { log } from "#app/lib/log.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { enqueueJob } from "#app/platform/jobs/job-store.server.ts";
import { MailError, sendMail } from "#app/platform/mail/mail.server.ts";
import { ALERT_SEND_KIND, isAlertedChange, SETTLE_SECONDS } from "./alert-kinds.ts";
import { type Digest, type DigestChange, type DigestSupplier, digestHtml, digestText } from "./alert-mail.server.ts";

/**
 * 찜 alerts (ui-contract.md "Alerts (찜 알림)", docs/decisions/0036). The change history (wholesaler_changes) is the
 * list of events: a watched term changed, or the 국세청 state became 휴업자 or 폐업자. A digest job gathers, per
 * account with alerts on, the events of the suppliers it saved (after it saved them) that no digest covered yet,
 * into at most one digest a Korean calendar day (the unique key), with its text and HTML fixed; a send job mails it once.
 */

/** Events older than this are never mailed (an account that turns alerts back on is not sent last month's news). */
const LOOKBACK_DAYS = 7;

export async function alertsEnabled(userId: string): Promise<boolean> {
  const [row] = await db().select({ enabled: alertSettings.enabled }).from(alertSettings).where(eq(alertSettings.userId, userId));
  return row?.enabled ?? true;
}

/** The /account setting and the unsubscribe page. Turning alerts on again starts from now: no old news. */
export async function setAlertsEnabled(userId: string, enabled: boolean) {
  const through = enabled ? sql`(SELECT coalesce(max(id), 0) FROM wholesaler_changes)` : undefined;
  await db()
    .insert(alertSettings)
    .values({ userId, enabled, ...(through ? { notifiedThrough: through } : {}) })
    .onConflictDoUpdate({
      target: alertSettings.userId,
      set: {
        enabled,
        updatedAt: new Date(),
        ...(through
          ? { notifiedThrough: sql`CASE WHEN ${alertSettings.enabled} THEN ${alertSettings.notifiedThrough} ELSE ${through} END` }
          : {}),
      },
    });
}

// ---- The unsubscribe link ----

/** How long a mail's unsubscribe link works; every mail carries a new one. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;
const TOKEN_AAD = Buffer.from("alerts-unsubscribe:1");
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The token key, derived from AUTH_SECRET for this use alone. */
const tokenKey = () => createHmac("sha256", env().authSecret).update("alerts-unsubscribe-key").digest();

/**
 * The token of an account's unsubscribe link made at `now`: the time and the account id, encrypted and
 * authenticated (AES-256-GCM, a fresh random nonce each time), so the link names no account to whoever reads it,
 * cannot be altered or made up, and ends `UNSUBSCRIBE_TOKEN_DAYS` after its mail (docs/decisions/0042).
 */
export function unsubscribeToken(userId: string, now = new Date()) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", tokenKey(), iv).setAAD(TOKEN_AAD);
  const sealed = Buffer.concat([cipher.update(`${Math.floor(now.getTime() / 1000)}:${userId}`, "utf8"), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

export type UnsubscribeTokenCheck = { userId: string } | "expired" | "invalid";

/** The account a token was made for, "expired" past its days, or "invalid" for anything forged, cut or altered. */
export function readUnsubscribeToken(token: unknown, now = new Date()): UnsubscribeTokenCheck {
  if (typeof token !== "string" || token.length > 300 || !/^[\w-]+$/.test(token)) return "invalid";
  const raw = Buffer.from(token, "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return "invalid";
  let text: string;
  try {
    const decipher = createDecipheriv("aes-256-gcm", tokenKey(), raw.subarray(0, IV_BYTES)).setAAD(TOKEN_AAD);
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return "invalid";
  }
  const [, madeAt, userId] = /^(\d+):(.+)$/.exec(text) ?? [];
  if (!madeAt || !userId) return "invalid";
  const ageSeconds = now.getTime() / 1000 - Number(madeAt);
  // A token from the future was not made by this site's clock (a minute of difference between servers is fine).
  if (ageSeconds < -60) return "invalid";
  return ageSeconds > UNSUBSCRIBE_TOKEN_DAYS * 86_400 ? "expired" : { userId };
}

// ---- Gathering ----

type EventRow = {
  user_id: string;
  change_id: number;
  wholesaler_id: number;
  name: string;
  changes: { field: string; before: string; after: string }[];
};

/** One supplier's changes in a digest: each watched field once, from its first before to its last after. */
function supplierChanges(events: EventRow[]): DigestChange[] {
  const fields = new Map<string, { before: string; after: string }>();
  for (const event of events) {
    for (const change of event.changes) {
      if (!isAlertedChange(change)) continue;
      const seen = fields.get(change.field);
      fields.set(change.field, { before: seen?.before ?? change.before, after: change.after });
    }
  }
  const changes: DigestChange[] = [];
  for (const [field, { before, after }] of fields) {
    if (before === after) continue;
    if (field === "ntsState") changes.push({ label: "국세청 상태", before: before || "확인 전", after });
    else
      changes.push({
        label: TERM_LABELS[field as keyof typeof TERM_LABELS],
        before: termValueWords(field, before),
        after: termValueWords(field, after),
      });
  }
  return changes;
}

export const ALERT_SUBJECT_WORDS = "찜한 도매처 변경 알림";

/**
 * The digest's subject, text and HTML: each supplier by name with its changes before → after and a link, then the way
 * out (alert-mail.server.ts writes both bodies).
 */
export function digestMail(userId: string, events: EventRow[]): { subject: string; body: string; html: string } | null {
  const { siteName } = siteConfig();
  const base = env().publicUrl;
  const bySupplier = new Map<number, EventRow[]>();
  for (const event of events) bySupplier.set(event.wholesaler_id, [...(bySupplier.get(event.wholesaler_id) ?? []), event]);
  const suppliers: DigestSupplier[] = [];
  for (const [wholesalerId, rows] of bySupplier) {
    const changes = supplierChanges(rows);
    if (changes.length === 0) continue;
    suppliers.push({ name: rows.at(-1)!.name.trim() || "이름 없음", link: `${base}/wholesaler/${wholesalerId}`, changes });
  }
  if (suppliers.length === 0) return null;
  const digest: Digest = {
    siteName,
    subject: `[${siteName}] ${ALERT_SUBJECT_WORDS}`,
    suppliers,
    unsubscribeLink: `${base}/alerts/unsubscribe?${new URLSearchParams({ token: unsubscribeToken(userId) })}`,
  };
  return { subject: digest.subject, body: digestText(digest), html: digestHtml(digest) };
}

/**
 * The digest job: for every account with alerts on and news not mailed yet, one digest for today (none when it
 * already had one today: its news waits for tomorrow's), its cursor moved past the events it covers and its send
 * job queued, in one transaction per account. Returns how many digests it made.
 */
export async function gatherDigests(now = new Date()): Promise<number> {
  const today = seoulDay(now);
  const { rows } = await db().execute<EventRow>(sql`
    SELECT f.user_id, c.id AS change_id, c.wholesaler_id, w.name, c.changes
    FROM favorites f
    JOIN wholesaler_changes c ON c.wholesaler_id = f.wholesaler_id AND c.action = 'update' AND c.created_at > f.created_at
    JOIN wholesalers w ON w.id = f.wholesaler_id AND w.status = 'published'
    LEFT JOIN alert_settings s ON s.user_id = f.user_id
    WHERE coalesce(s.enabled, true)
      AND c.id > coalesce(s.notified_through, 0)
      AND c.created_at > ${now}::timestamptz - make_interval(days => ${LOOKBACK_DAYS})
      AND c.created_at <= ${now}::timestamptz - make_interval(secs => ${SETTLE_SECONDS})
      AND NOT EXISTS (SELECT 1 FROM alert_digests d WHERE d.user_id = f.user_id AND d.day = ${today}::date)
    ORDER BY f.user_id, c.id`);
  const byAccount = new Map<string, EventRow[]>();
  for (const row of rows) {
    const event = { ...row, change_id: Number(row.change_id), wholesaler_id: Number(row.wholesaler_id) };
    if (!event.changes.some(isAlertedChange)) continue;
    byAccount.set(event.user_id, [...(byAccount.get(event.user_id) ?? []), event]);
  }
  let made = 0;
  for (const [userId, events] of byAccount) {
    const mail = digestMail(userId, events);
    if (!mail) continue;
    const through = Math.max(...events.map((event) => event.change_id));
    const digestId = await db().transaction(async (tx) => {
      await tx.insert(alertSettings).values({ userId }).onConflictDoNothing();
      const [settings] = await tx.select().from(alertSettings).where(eq(alertSettings.userId, userId)).for("update");
      // Turned off, or covered by another gathering meanwhile.
      if (!settings?.enabled || settings.notifiedThrough >= through) return null;
      const [digest] = await tx
        .insert(alertDigests)
        .values({ userId, day: today, throughChangeId: through, subject: mail.subject, body: mail.body, html: mail.html })
        .onConflictDoNothing()
        .returning({ id: alertDigests.id });
      if (!digest) return null;
      await tx.update(alertSettings).set({ notifiedThrough: through, updatedAt: now }).where(eq(alertSettings.userId, userId));
      await enqueueJob(ALERT_SEND_KIND, { digestId: digest.id }, { tx, uniqueKey: `${ALERT_SEND_KIND}:${digest.id}` });
      return digest.id;
    });
    if (digestId) made += 1;
    // PGlite answers on the main thread: requests get their turn between accounts.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return made;
}

// ---- Sending ----

/**
 * Sends one digest to its account's own address (one recipient, never anyone else's). The digest is marked
 * `sending` (committed) before the mail server is asked, so a worker that dies during the send never sends it
 * again (at most once: a lost mail, not a second one). A mail server that refuses (MailError) puts it back to
 * `pending` and throws, and the job runner retries it. Alerts turned off since the gathering: nothing is sent.
 */
export async function sendDigest(digestId: number): Promise<"sent" | "skipped"> {
  const claimed = await db().transaction(async (tx) => {
    const [digest] = await tx.select().from(alertDigests).where(eq(alertDigests.id, digestId)).for("update");
    if (digest?.state !== "pending") return { digest: null, state: digest?.state ?? "gone" };
    await tx.update(alertDigests).set({ state: "sending" }).where(eq(alertDigests.id, digestId));
    return { digest, state: "pending" };
  });
  if (!claimed.digest) {
    if (claimed.state === "sending") log.warn("alert digest not sent again: an earlier send may have left", { digestId });
    return "skipped";
  }
  const digest = claimed.digest;
  const [account] = await db()
    .select({ email: user.email, enabled: alertSettings.enabled })
    .from(user)
    .leftJoin(alertSettings, eq(alertSettings.userId, user.id))
    .where(eq(user.id, digest.userId));
  if (!account || account.enabled === false) {
    await db().delete(alertDigests).where(eq(alertDigests.id, digestId));
    return "skipped";
  }
  try {
    await sendMail({ to: account.email, subject: digest.subject, text: digest.body, ...(digest.html ? { html: digest.html } : {}) });
  } catch (error) {
    if (error instanceof MailError) {
      await db()
        .update(alertDigests)
        .set({ state: "pending" })
        .where(and(eq(alertDigests.id, digestId), eq(alertDigests.state, "sending")));
    }
    throw error;
  }
  await db().update(alertDigests).set({ state: "sent", sentAt: new Date() }).where(eq(alertDigests.id, digestId));
  return "sent";
}
