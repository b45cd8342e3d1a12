import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { alertSettings, appMeta, savedSearches, savedSearchMails, savedSearchNews, supplierNews, user } from "#app/db/schema.ts";
import { unsubscribeToken } from "#app/features/alerts/alerts.server.ts";
import { env } from "#app/lib/env.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import { log } from "#app/lib/log.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { enqueueJob } from "#app/platform/jobs/job-store.server.ts";
import { MailError, sendMail } from "#app/platform/mail/mail.server.ts";
import {
  SAVED_SEARCH_SUBJECT_WORDS,
  type SearchDigest,
  type SearchNews,
  searchDigestHtml,
  searchDigestText,
} from "./saved-search-mail.server.ts";
import { MAX_SAVED_SEARCHES, matchColumns, savedSearchHref, savedSearchLabel, savedSearchOf } from "./saved-search-params.ts";

/**
 * Saved searches (ui-contract.md "Reasons to come back", docs/decisions/0053). An account saves /list's parameters
 * (normalised, at most 20); a job finds, per saved search, the suppliers that newly match it from the updates'
 * `supplier_news` (kept by a follower of the change history) through the matching index, never by running every
 * search against every supplier; once a run (Monday 08:00 Asia/Seoul, or every SAVED_SEARCH_MAIL_MINUTES) it gathers
 * at most one mail per account with the news no mail carried yet, and a send job mails it once.
 */

export const SAVED_SEARCH_RUN_KIND = "saved-searches.run";
export const SAVED_SEARCH_SEND_KIND = "saved-searches.send";
/** Suppliers named per saved search in one mail; the rest are counted (`외 N곳`) behind the search's link. */
export const SUPPLIERS_PER_SEARCH = 20;
/** Suppliers with news matched in one statement. */
const MATCH_BATCH = 500;
/** The run whose mails were gathered last (app_meta). */
const LAST_RUN_KEY = "saved-searches.last-run";

export type SavedSearch = { id: number; query: string; label: string; href: string; createdAt: Date };

/** An account's saved searches, newest first (/account `저장한 검색`). */
export async function listSavedSearches(userId: string): Promise<SavedSearch[]> {
  const rows = await db()
    .select({ id: savedSearches.id, query: savedSearches.query, createdAt: savedSearches.createdAt })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map((row) => ({ ...row, label: savedSearchLabel(row.query), href: savedSearchHref(row.query) }));
}

export type SaveResult = "saved" | "already" | "too-many" | "too-long" | "empty" | "unverified";

/**
 * Saves /list's parameters (`search`, the list's query string) for an account whose e-mail address is proved (the
 * mail goes there). The account's row is locked for the count, so two saves at once cannot make the 21st.
 */
export async function saveSearch(userId: string, search: string): Promise<SaveResult> {
  const params = savedSearchOf(search);
  if (params === "too-long" || params === "empty") return params;
  return db().transaction(async (tx) => {
    const [account] = await tx.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId)).for("update");
    if (!account?.verified) return "unverified";
    const [existing] = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.query, params.query)));
    if (existing) return "already";
    const [counted] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if ((counted?.n ?? 0) >= MAX_SAVED_SEARCHES) return "too-many";
    await tx.insert(savedSearches).values({ userId, query: params.query, ...matchColumns(params) });
    return "saved";
  });
}

/** Deletes one of the account's saved searches (with the news it found); false when it was not there. */
export async function deleteSavedSearch(userId: string, id: number): Promise<boolean> {
  const deleted = await db()
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return deleted.length > 0;
}

// ---- Matching ----

/**
 * Turns the suppliers with news the saved searches have not looked at (supplier_news.unmatched, up to `now`) into
 * saved-search news: for each such supplier, the saved searches it matches, found through saved_searches_match_idx
 * (`q_key` among the supplier's grams or '', the category '' or its own, the filters' bits in its mask) and confirmed
 * by the same substring check /list makes; and those whose search names its category in a seller's words (`옷`).
 * A saved search counts news from after it was saved. A pair is found once (the key): never the same news twice.
 * Returns how many news were found.
 */
export async function matchSupplierNews(now = new Date()): Promise<number> {
  let found = 0;
  for (;;) {
    const batch = await db()
      .select({ id: supplierNews.wholesalerId })
      .from(supplierNews)
      .where(and(sql`${supplierNews.unmatched}`, lte(supplierNews.newsAt, now)))
      .orderBy(asc(supplierNews.newsAt))
      .limit(MATCH_BATCH);
    if (batch.length === 0) return found;
    const ids = batch.map((row) => row.id);
    found += await db().transaction(async (tx) => {
      const idList = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      // Per supplier, a lateral lookup in the saved searches' index (never a join the planner could turn into a
      // scan of every saved search): the searches of its grams or none, of its category or none, whose filters it has.
      const inserted = await tx.execute(sql`
        INSERT INTO saved_search_news (saved_search_id, wholesaler_id, user_id, reason)
        SELECT s.id, w.id, s.user_id, CASE WHEN n.new_at > s.created_at THEN 'new' ELSE 'terms' END
        FROM supplier_news n
        JOIN wholesalers w ON w.id = n.wholesaler_id AND w.status = 'published'
        CROSS JOIN LATERAL (
          SELECT s.id, s.user_id, s.created_at FROM saved_searches s
          WHERE s.q_key = ANY(array_append(w.text_grams, ''))
            AND s.category IN ('', w.category)
            AND (s.fact_mask & w.fact_mask) = s.fact_mask
            AND s.created_at < n.news_at
            AND (s.q = '' OR CASE WHEN s.q_chosung THEN strpos(w.name_chosung, s.q) > 0
              ELSE strpos(lower(w.name || chr(10) || w.summary || chr(10) || w.category || chr(10) || w.site_host), s.q) > 0 END)
        ) s
        WHERE n.wholesaler_id IN (${idList})
        ON CONFLICT DO NOTHING
        RETURNING 1 AS found`);
      const alsoCategory = await tx.execute(sql`
        INSERT INTO saved_search_news (saved_search_id, wholesaler_id, user_id, reason)
        SELECT s.id, w.id, s.user_id, CASE WHEN n.new_at > s.created_at THEN 'new' ELSE 'terms' END
        FROM supplier_news n
        JOIN wholesalers w ON w.id = n.wholesaler_id AND w.status = 'published'
        CROSS JOIN LATERAL (
          SELECT s.id, s.user_id, s.created_at FROM saved_searches s
          WHERE s.also_category <> '' AND s.also_category = w.category
            AND s.category IN ('', w.category)
            AND (s.fact_mask & w.fact_mask) = s.fact_mask
            AND s.created_at < n.news_at
        ) s
        WHERE n.wholesaler_id IN (${idList})
        ON CONFLICT DO NOTHING
        RETURNING 1 AS found`);
      await tx
        .update(supplierNews)
        .set({ unmatched: false })
        .where(and(inArray(supplierNews.wholesalerId, ids), lte(supplierNews.newsAt, now)));
      return inserted.rows.length + alsoCategory.rows.length;
    });
    if (batch.length < MATCH_BATCH) return found;
    // PGlite answers on the main thread: requests get their turn between batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

// ---- Runs ----

const HOUR_MS = 3_600_000;
const KST_OFFSET_MS = 9 * HOUR_MS;

/**
 * The run `now` belongs to and whether its mails may still be gathered: by default the week's, from Monday 08:00
 * Asia/Seoul for a day (a server that was down all that day leaves the week's news to the next); with
 * SAVED_SEARCH_MAIL_MINUTES, the current period of that many minutes.
 */
export function savedSearchRun(now: Date, minutes = env().SAVED_SEARCH_MAIL_MINUTES): { key: string; due: boolean } {
  if (minutes) return { key: `every-${minutes}m:${Math.floor(now.getTime() / (minutes * 60_000))}`, due: true };
  const seoul = new Date(now.getTime() + KST_OFFSET_MS);
  const sinceMonday = (seoul.getUTCDay() + 6) % 7;
  let start = Date.UTC(seoul.getUTCFullYear(), seoul.getUTCMonth(), seoul.getUTCDate() - sinceMonday, 8) - KST_OFFSET_MS;
  if (start > now.getTime()) start -= 7 * 24 * HOUR_MS;
  return { key: `week-${seoulDay(start)}`, due: now.getTime() - start < 24 * HOUR_MS };
}

/** The job's work: match the news, then, once per run, gather the run's mails. */
export async function runSavedSearches(now = new Date()): Promise<{ found: number; mails: number }> {
  const found = await matchSupplierNews(now);
  const run = savedSearchRun(now);
  if (!run.due) return { found, mails: 0 };
  const [last] = await db().select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, LAST_RUN_KEY));
  if (last?.value === run.key) return { found, mails: 0 };
  const mails = await gatherSavedSearchMails(run.key, now);
  await db()
    .insert(appMeta)
    .values({ key: LAST_RUN_KEY, value: run.key })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: run.key } });
  return { found, mails };
}

type NewsRow = {
  user_id: string;
  saved_search_id: number;
  wholesaler_id: number;
  reason: "new" | "terms";
  query: string;
  name: string;
};

/** One mail's searches from an account's waiting news (searches in the order they were saved). */
export function searchDigestOf(userId: string, rows: NewsRow[]): SearchDigest {
  const { siteName } = siteConfig();
  const base = env().publicUrl;
  const bySearch = new Map<number, NewsRow[]>();
  for (const row of rows) bySearch.set(row.saved_search_id, [...(bySearch.get(row.saved_search_id) ?? []), row]);
  const searches: SearchNews[] = [...bySearch.values()].map((found) => ({
    label: savedSearchLabel(found[0]!.query),
    link: `${base}${savedSearchHref(found[0]!.query)}`,
    suppliers: found.slice(0, SUPPLIERS_PER_SEARCH).map((row) => ({
      name: row.name.trim() || "이름 없음",
      link: `${base}/wholesaler/${row.wholesaler_id}`,
      reason: row.reason,
    })),
    more: Math.max(0, found.length - SUPPLIERS_PER_SEARCH),
  }));
  return {
    siteName,
    subject: `[${siteName}] ${SAVED_SEARCH_SUBJECT_WORDS}`,
    searches,
    unsubscribeLink: `${base}/alerts/unsubscribe?${new URLSearchParams({ token: unsubscribeToken(userId) })}`,
  };
}

/**
 * The run's mails: for every account with news no mail carried yet (of suppliers still published), one mail for
 * this run (none when it had one already: its news wait for the next run), the news marked as carried and the send
 * job queued, in one transaction per account. An account whose alert mails are off (`알림 끄기`, /account) gets
 * nothing, and its news are settled without a mail, so turning mails on again sends no old news. Returns how many
 * mails it made.
 */
export async function gatherSavedSearchMails(run: string, now = new Date()): Promise<number> {
  const { rows } = await db().execute<NewsRow>(sql`
    SELECT n.user_id, n.saved_search_id, n.wholesaler_id, n.reason, s.query, w.name
    FROM saved_search_news n
    JOIN saved_searches s ON s.id = n.saved_search_id
    JOIN wholesalers w ON w.id = n.wholesaler_id AND w.status = 'published'
    WHERE n.settled_at IS NULL
    ORDER BY n.user_id, s.created_at, s.id, n.found_at, n.wholesaler_id`);
  const byAccount = new Map<string, NewsRow[]>();
  for (const row of rows) {
    const news = { ...row, saved_search_id: Number(row.saved_search_id), wholesaler_id: Number(row.wholesaler_id) };
    byAccount.set(news.user_id, [...(byAccount.get(news.user_id) ?? []), news]);
  }
  let made = 0;
  for (const [userId, news] of byAccount) {
    const mailed = await db().transaction(async (tx) => {
      const [settings] = await tx.select({ enabled: alertSettings.enabled }).from(alertSettings).where(eq(alertSettings.userId, userId));
      // The news read above, and only those (news found meanwhile waits for the next run), 1,000 pairs a statement.
      const carried = async (mailId: number | null) => {
        for (let at = 0; at < news.length; at += 1000) {
          const pairs = news.slice(at, at + 1000).map((row) => sql`(${row.saved_search_id}::int, ${row.wholesaler_id}::int)`);
          await tx
            .update(savedSearchNews)
            .set({ mailId, settledAt: now })
            .where(
              and(
                eq(savedSearchNews.userId, userId),
                isNull(savedSearchNews.settledAt),
                sql`(${savedSearchNews.savedSearchId}, ${savedSearchNews.wholesalerId}) IN (${sql.join(pairs, sql`, `)})`,
              ),
            );
        }
      };
      if (settings && !settings.enabled) {
        await carried(null);
        return false;
      }
      const digest = searchDigestOf(userId, news);
      const [mail] = await tx
        .insert(savedSearchMails)
        .values({ userId, run, subject: digest.subject, body: searchDigestText(digest), html: searchDigestHtml(digest) })
        .onConflictDoNothing()
        .returning({ id: savedSearchMails.id });
      if (!mail) return false;
      await carried(mail.id);
      await enqueueJob(SAVED_SEARCH_SEND_KIND, { mailId: mail.id }, { tx, uniqueKey: `${SAVED_SEARCH_SEND_KIND}:${mail.id}` });
      return true;
    });
    if (mailed) made += 1;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return made;
}

// ---- Sending ----

/**
 * Sends one gathered mail to its account's own address, at most once, as the 찜 alerts' digests are sent
 * (features/alerts/alerts.server.ts `sendDigest`): marked `sending` before the mail server is asked; a refusal
 * (MailError) puts it back to `pending` and throws for the runner's retry; mails turned off since: nothing sent.
 */
export async function sendSavedSearchMail(mailId: number): Promise<"sent" | "skipped"> {
  const claimed = await db().transaction(async (tx) => {
    const [mail] = await tx.select().from(savedSearchMails).where(eq(savedSearchMails.id, mailId)).for("update");
    if (mail?.state !== "pending") return { mail: null, state: mail?.state ?? "gone" };
    await tx.update(savedSearchMails).set({ state: "sending" }).where(eq(savedSearchMails.id, mailId));
    return { mail, state: "pending" };
  });
  if (!claimed.mail) {
    if (claimed.state === "sending") log.warn("saved-search mail not sent again: an earlier send may have left", { mailId });
    return "skipped";
  }
  const mail = claimed.mail;
  const [account] = await db()
    .select({ email: user.email, enabled: alertSettings.enabled })
    .from(user)
    .leftJoin(alertSettings, eq(alertSettings.userId, user.id))
    .where(eq(user.id, mail.userId));
  if (!account || account.enabled === false) {
    await db().delete(savedSearchMails).where(eq(savedSearchMails.id, mailId));
    return "skipped";
  }
  try {
    await sendMail({ to: account.email, subject: mail.subject, text: mail.body, html: mail.html });
  } catch (error) {
    if (error instanceof MailError) {
      await db()
        .update(savedSearchMails)
        .set({ state: "pending" })
        .where(and(eq(savedSearchMails.id, mailId), eq(savedSearchMails.state, "sending")));
    }
    throw error;
  }
  await db().update(savedSearchMails).set({ state: "sent", sentAt: new Date() }).where(eq(savedSearchMails.id, mailId));
  return "sent";
}
