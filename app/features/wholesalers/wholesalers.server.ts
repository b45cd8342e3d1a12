import { and, asc, count, desc, eq, inArray, not, type SQL, sql } from "drizzle-orm";
import type { Category } from "#app/db/categories.ts";
import { db, primaryDb, type Tx } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { atLeast, countForPaging, type Page } from "#app/db/paging.server.ts";
import { wholesalers, wholesalerViewCounts, wholesalerViews } from "#app/db/schema.ts";
import { type Fact, masksWithAll, TERM_GROUPS, type TermGroup, termGroupValue, type WholesalerTerms } from "#app/db/term-values.ts";
import { seoulDay, startOfSeoulDay } from "#app/lib/format.ts";
import { requestImagesAfterSave } from "#app/platform/images/images.server.ts";
import { notifyJobs } from "#app/platform/jobs/job-store.server.ts";
import { hangulOfKeyboardSlip } from "#app/platform/search/keyboard-slip.ts";
import { parseSearchQuery, searchFields } from "#app/platform/search/korean-search.ts";
import { pageCondition, type SearchSql, searchSql } from "#app/platform/search/search-sql.server.ts";
import { suggestedName } from "#app/platform/search/search-suggestion.ts";
import { cleanCategoryName } from "./category-cleanup.ts";
import { categoryOfWords } from "./category-words.ts";
import { siteHostOf } from "./site-host.ts";
import { type Actor, countFieldChanges, recordChanges, SYSTEM_ACTOR } from "./wholesaler-history.server.ts";
import type { WholesalerSort } from "./wholesaler-list-params.ts";
import { WHOLESALERS_PER_PAGE } from "./wholesaler-list-params.ts";
import type { AdminWholesalerInput, SimpleWholesalerInput } from "./wholesaler-schema.ts";
import { checkedDayAfterSave, TERM_FIELDS, UNKNOWN_TERMS } from "./wholesaler-terms.ts";
import type { WholesalerCard, WholesalerComparison, WholesalerDetail } from "./wholesaler-types.ts";

/** The columns a /list card shows (favourites list the same cards). */
export const cardColumns = {
  id: wholesalers.id,
  status: wholesalers.status,
  name: wholesalers.name,
  summary: wholesalers.summary,
  category: wholesalers.category,
  siteUrl: wholesalers.siteUrl,
  logoUrl: wholesalers.logoUrl,
  views: wholesalers.views,
  factMask: wholesalers.factMask,
  // The shipping label tells `무료 배송` from `50,000원 이상 무료`.
  shippingFee: wholesalers.shippingFee,
  freeShippingOver: wholesalers.freeShippingOver,
};

/** The columns of a supplier's terms with their sources: what every reader of the terms selects. */
export const termColumns = {
  dropshipping: wholesalers.dropshipping,
  minOrder: wholesalers.minOrder,
  minOrderVaries: wholesalers.minOrderVaries,
  shippingFee: wholesalers.shippingFee,
  freeShippingOver: wholesalers.freeShippingOver,
  shippingFeeVaries: wholesalers.shippingFeeVaries,
  returns: wholesalers.returns,
  imageUse: wholesalers.imageUse,
  pricePolicy: wholesalers.pricePolicy,
  integration: wholesalers.integration,
  businessNumber: wholesalers.businessNumber,
  termsCheckedAt: wholesalers.termsCheckedAt,
  termsSource: wholesalers.termsSource,
  termsSuppliedAt: wholesalers.termsSuppliedAt,
  termSources: wholesalers.termSources,
};

const detailColumns = {
  ...cardColumns,
  ...termColumns,
  contact: wholesalers.contact,
  delivery: wholesalers.delivery,
  purchase: wholesalers.purchase,
  international: wholesalers.international,
  createdAt: wholesalers.createdAt,
  updatedAt: wholesalers.updatedAt,
};

const ORDER: Record<WholesalerSort, SQL[]> = {
  // NULLS LAST like the indexes, so a page is read from wholesalers_views_idx / _created_idx.
  views: [descNullsLast(wholesalers.views), descNullsLast(wholesalers.id)],
  newest: [descNullsLast(wholesalers.createdAt), descNullsLast(wholesalers.id)],
  name: [asc(wholesalers.name), asc(wholesalers.id)],
};

/**
 * The condition every public query of suppliers carries (/list, its search and counts, the sitemap,
 * /compare, favourites, the detail page): only published suppliers. A supplier waiting for review
 * (`검토 대기`, e.g. an imported row whose address needs a look) is seen by admins only.
 */
export const publishedOnly: SQL = eq(wholesalers.status, "published");

/** True for a supplier the public may see (the same rule as `publishedOnly`, for a row already read). */
export function isPublished(row: { status: string }) {
  return row.status === "published";
}

export type WholesalerFilters = {
  q?: string;
  category?: string;
  facts?: readonly Fact[];
  /** Admin lists pass true to see suppliers waiting for review as well; public pages never do. */
  includeWaiting?: boolean;
};
type ListOptions = WholesalerFilters & { sort?: WholesalerSort; page?: number; pageSize?: number; countCap?: number };

/**
 * The WHERE of a list, built in one place: the Korean-aware search (gram index), the category chip and
 * the term filters (`fact_mask = ANY(every mask with those bits)`, wholesalers_fact_mask_idx; an unknown
 * term sets no bit, so it never matches). Undefined when nothing narrows the list.
 */
/**
 * The filters of a list without its search: published (unless an admin list asks for waiting ones too),
 * the category chip and the term filters. The masks are integers computed here from the known facts
 * (never text from the request), written inline as a constant array that both drivers send alike.
 */
function filterConditions({ category = "", facts = [], includeWaiting = false }: WholesalerFilters): SQL | undefined {
  return and(
    includeWaiting ? undefined : publishedOnly,
    category ? eq(wholesalers.category, category) : undefined,
    facts.length ? sql`${wholesalers.factMask} = ANY(ARRAY[${sql.raw(masksWithAll(facts).join(","))}]::smallint[])` : undefined,
  );
}

/**
 * What /list's search reads: the name, the summary, the category and the site's host (ui-contract "Smaller
 * changes": `의류` finds the suppliers whose summary says 의류, `domeggook` the one at domeggook.com), from
 * the grams PostgreSQL derives into `text_grams` (wholesalers_text_grams_idx). A 초성 search reads the name only.
 * The parts are joined by a line break, which a search never holds (control characters become spaces).
 */
export const WHOLESALER_SEARCH = {
  grams: wholesalers.textGrams,
  chosung: wholesalers.nameChosung,
  text: sql`(${wholesalers.name} || chr(10) || ${wholesalers.summary} || chr(10) || ${wholesalers.category} || chr(10) || ${wholesalers.siteHost})`,
};

/** Every condition of a list, the search in its indexed form (counts, benches). */
export function listConditions(filters: WholesalerFilters): SQL | undefined {
  const query = parseSearchQuery(filters.q ?? "");
  const search = query ? searchSql(WHOLESALER_SEARCH, query) : undefined;
  return and(search?.indexed, filterConditions(filters));
}

/**
 * One page of wholesalers for /list and the admin lists: searched (Korean-aware), filtered by
 * publication, category and terms, sorted and paged in the database. Without a search the count and the
 * page run side by side; with one the count runs first and decides how the page is found (pageCondition).
 * The page's ids come from the sort's index alone (it carries the filters' columns), then their cards.
 *
 * `alsoCategory` (a search in a seller's words, `옷` → 의류): after every supplier the search matches, the
 * category's other suppliers, in the same order. Past the capped count of matches there is no "after": the
 * category is left to its link.
 */
export async function listWholesalers({
  sort = "views",
  page = 1,
  pageSize = WHOLESALERS_PER_PAGE,
  countCap,
  q = "",
  alsoCategory,
  ...rest
}: ListOptions & { alsoCategory?: string | null } = {}): Promise<Page<WholesalerCard>> {
  const query = parseSearchQuery(q);
  const search = query ? searchSql(WHOLESALER_SEARCH, query) : undefined;
  const filters = filterConditions(rest);
  const offset = (page - 1) * pageSize;
  const pageOf = async (where: SQL | undefined, from: number, size: number) => {
    if (size <= 0) return [];
    const ids = db()
      .select({ id: wholesalers.id })
      .from(wholesalers)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(size)
      .offset(from)
      .as("page_ids");
    const rows = await db()
      .select(cardColumns)
      .from(wholesalers)
      .innerJoin(ids, eq(wholesalers.id, ids.id))
      .orderBy(...ORDER[sort]);
    return rows as WholesalerCard[];
  };
  if (!search) {
    const [counted, items] = await Promise.all([
      countForPaging(wholesalers, filters, { page, perPage: pageSize, cap: countCap }),
      pageOf(filters, offset, pageSize),
    ]);
    return { items, ...counted, page };
  }
  const counted = await countForPaging(wholesalers, and(search.indexed, filters), { page, perPage: pageSize, cap: countCap });
  const matches = pageOf(and(pageCondition(search, counted), filters), offset, pageSize);
  if (!alsoCategory || counted.totalIsCapped) return { items: await matches, ...counted, page };
  const others = othersOfCategory(search, alsoCategory, filters);
  const skipped = Math.max(0, offset - counted.total);
  const found = await matches;
  const [more, restOfPage] = await Promise.all([
    countForPaging(wholesalers, others, { page: Math.max(1, Math.ceil((skipped + 1) / pageSize)), perPage: pageSize, cap: countCap }),
    pageOf(others, skipped, pageSize - found.length),
  ]);
  const total = counted.total + more.total;
  const paging = more.totalIsCapped
    ? atLeast(total, pageSize)
    : { total, totalIsCapped: false, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
  return { items: [...found, ...restOfPage], ...paging, page };
}

/**
 * A category's suppliers a search did not match (`옷`: the 의류 suppliers whose text holds no 옷), read through the
 * category's index or the sort's (both carry the category; the plan test checks it).
 */
export function othersOfCategory(search: SearchSql, category: string, filters: SQL | undefined) {
  return and(eq(wholesalers.category, category), not(search.scan), filters);
}

export type DirectorySearch = Page<WholesalerCard> & {
  /** The category the search names in a seller's words (`옷` → 의류), offered as `<category> 도매처 보기`. */
  category: Category | null;
  /** A search typed with the 한/영 key left on English (`ehao`), read as the Korean it meant (`도매`). */
  readAs: string | null;
};

/**
 * /list's search as a seller types it: the list of `listWholesalers`, with the suppliers of the category the search
 * names in a seller's words after its matches (category-words.ts), and, when the search as typed finds nothing, the
 * same search of the Korean a 한/영 slip meant (`ehao` → `도매`).
 */
export async function searchDirectory(options: ListOptions): Promise<DirectorySearch> {
  const asTyped = async (q: string) => {
    const category = q ? categoryOfWords(q) : null;
    return { ...(await listWholesalers({ ...options, q, alsoCategory: category })), category };
  };
  const typed = await asTyped(options.q ?? "");
  const slip = typed.total === 0 && !typed.category ? hangulOfKeyboardSlip(options.q ?? "") : null;
  if (slip) {
    const meant = await asTyped(slip);
    if (meant.total > 0 || meant.category) return { ...meant, readAs: slip };
  }
  return { ...typed, readAs: null };
}

/** The longest search a suggestion is looked for (a supplier's name is short; a sentence is not a typo). */
const SUGGESTION_MAX_SYLLABLES = 30;

/**
 * For a search that found nothing: a published supplier's name one syllable away from it (`도메꾹` →
 * `도매꾹`), the most viewed first; null when there is none. The candidates are the names sharing a syllable
 * with the search and within one of its length, found through the name grams' GIN index
 * (wholesalers_search_grams_idx, the plan test checks it), at most 200 of them.
 */
export async function suggestWholesalerName(q: string): Promise<string | null> {
  const query = parseSearchQuery(q);
  if (!query || query.chosung) return null;
  const syllables = Array.from(query.text.replace(/\s+/g, ""));
  if (syllables.length < 2 || syllables.length > SUGGESTION_MAX_SYLLABLES) return null;
  const rows = await suggestionCandidates(query.text);
  return suggestedName(
    query.text,
    rows.map((row) => row.name.trim()),
  );
}

/** The candidates' query (exported for the plan test): names sharing a syllable, within one of the length. */
export function suggestionCandidates(text: string) {
  const syllables = Array.from(text.replace(/\s+/g, ""));
  const chars = [...new Set(syllables)];
  return db()
    .select({ name: wholesalers.name })
    .from(wholesalers)
    .where(
      and(
        publishedOnly,
        sql`${wholesalers.searchGrams} && ARRAY[${sql.join(
          chars.map((char) => sql`${char}`),
          sql`, `,
        )}]::text[]`,
        sql`char_length(regexp_replace(${wholesalers.name}, '\s', '', 'g')) BETWEEN ${syllables.length - 1} AND ${syllables.length + 1}`,
      ),
    )
    .orderBy(desc(wholesalers.views), asc(wholesalers.id))
    .limit(200);
}

/** The suppliers of /compare, in the order asked for; unknown ids are left out. */
export async function compareWholesalers(ids: readonly number[]): Promise<WholesalerComparison[]> {
  if (ids.length === 0) return [];
  const rows = await db()
    .select({
      id: wholesalers.id,
      name: wholesalers.name,
      category: wholesalers.category,
      siteUrl: wholesalers.siteUrl,
      delivery: wholesalers.delivery,
      purchase: wholesalers.purchase,
      international: wholesalers.international,
      contact: wholesalers.contact,
      views: wholesalers.views,
      ...termColumns,
    })
    .from(wholesalers)
    // An unknown or unpublished id is left out of a comparison.
    .where(and(inArray(wholesalers.id, [...ids]), publishedOnly));
  const byId = new Map(rows.map((row) => [row.id, row as WholesalerComparison]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Whether a published supplier has this id (what a visitor may compare or save). */
export async function wholesalerExists(id: number): Promise<boolean> {
  const [row] = await db()
    .select({ id: wholesalers.id })
    .from(wholesalers)
    .where(and(eq(wholesalers.id, id), publishedOnly));
  return Boolean(row);
}

export async function getWholesaler(id: number): Promise<WholesalerDetail | null> {
  const [row] = await db().select(detailColumns).from(wholesalers).where(eq(wholesalers.id, id));
  return row ?? null;
}

/**
 * Counts a person's view of a published supplier, once per visitor per supplier per Korean day (Asia/Seoul):
 * one statement adds the visitor's row (the once-a-day key) and, only when that row is new, a row to the
 * small `wholesaler_view_counts` table. The supplier's own row is not written: `foldCountedViews` adds the
 * counts to it every few minutes, so a page view costs two small inserts, not an update of a row with nine
 * indexes, and concurrent views never wait for each other. Writes to the primary also when the page is read
 * from a replica. Returns whether the view counted. Yesterday's visitor rows are deleted by the hourly
 * housekeeping job (platform/jobs/housekeeping.server.ts), never inside a visitor's request.
 */
export async function countWholesalerView(id: number, visitor: string, now = new Date()): Promise<boolean> {
  const day = seoulDay(now);
  const counted = await primaryDb().execute(sql`
    WITH first AS (
      INSERT INTO ${wholesalerViews} (wholesaler_id, day, visitor)
      SELECT ${wholesalers.id}, ${day}, ${visitor} FROM ${wholesalers} WHERE ${wholesalers.id} = ${id} AND ${publishedOnly}
      ON CONFLICT DO NOTHING RETURNING wholesaler_id)
    INSERT INTO ${wholesalerViewCounts} (wholesaler_id) SELECT wholesaler_id FROM first
    RETURNING wholesaler_id`);
  return counted.rows.length > 0;
}

/** The job that folds counted views into the suppliers (app/app-lifecycle.server.ts), and how often it runs. */
export const FOLD_VIEWS_KIND = "wholesalers.fold-views";
export const FOLD_VIEWS_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Adds the views counted since the last fold to `wholesalers.views` and deletes their rows: each batch is
 * one statement (the rows it deletes are the rows it adds), so a view is added exactly once even when two
 * servers fold at the same moment (the second skips the rows the first deleted). Returns the views added.
 */
export async function foldCountedViews({ batchSize = 10_000 }: { batchSize?: number } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db().execute<{ taken: number; added: number }>(sql`
      WITH taken AS (
        DELETE FROM ${wholesalerViewCounts}
        WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${wholesalerViewCounts} LIMIT ${batchSize}))
        RETURNING wholesaler_id),
      sums AS (SELECT wholesaler_id, count(*)::int AS n FROM taken GROUP BY wholesaler_id),
      added AS (
        UPDATE ${wholesalers} w SET views = w.views + sums.n FROM sums WHERE w.id = sums.wholesaler_id
        RETURNING sums.n)
      SELECT (SELECT count(*)::int FROM taken) AS taken, (SELECT coalesce(sum(n), 0)::int FROM added) AS added`);
    const row = rows[0];
    total += Number(row?.added ?? 0);
    if (Number(row?.taken ?? 0) < batchSize) break;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return total;
}

/** The stored form of a name and a site: search grams for the name, and the site host the bulk import matches suppliers by. */
function derived(name: string, siteUrl: string, logoUrl: string) {
  return { ...searchFields(name), siteUrl, siteHost: siteHostOf(siteUrl), logoUrl };
}

type SaveOptions = { terms?: WholesalerTerms; actor?: Actor; source?: string };

/** 배송 방식, 사입 여부, 해외 배송 when the save carries them (the admin forms); left alone otherwise (an import). */
function detailsOf({ delivery, purchase, international }: AdminWholesalerInput) {
  return {
    ...(delivery === undefined ? {} : { delivery }),
    ...(purchase === undefined ? {} : { purchase }),
    ...(international === undefined ? {} : { international }),
  };
}

/** The columns the admin form writes (both forms, new and edit): its fields and what follows from them. */
const adminFormColumns = (input: AdminWholesalerInput) => ({
  name: input.name,
  category: input.category,
  contact: input.contact,
  summary: input.summary,
  ...detailsOf(input),
  ...derived(input.name, input.siteUrl, input.logoUrl),
});

/**
 * Adds a supplier from the admin form; the creation is recorded in its history in the same transaction.
 * With terms, `조건 확인일` is today unless the form gave one (checkedDayAfterSave).
 */
export async function createWholesaler(
  input: AdminWholesalerInput,
  { terms = UNKNOWN_TERMS, actor = SYSTEM_ACTOR, source = "admin-form" }: SaveOptions = {},
) {
  const values = {
    ...adminFormColumns(input),
    ...terms,
    termsCheckedAt: checkedDayAfterSave(null, terms),
  };
  return insertWholesaler(values, { source, actor, logoUrl: input.logoUrl });
}

/** One new row and its `create` history row in one transaction, then its logo asked for (images). */
async function insertWholesaler(
  values: typeof wholesalers.$inferInsert,
  { source, actor, logoUrl }: { source: string; actor: Actor; logoUrl: string },
) {
  const id = await db().transaction(async (tx) => {
    const [row] = await tx.insert(wholesalers).values(values).returning();
    await recordChanges(tx, { wholesalerId: row!.id, action: "create", source, actor, before: null, after: row! });
    return row!.id;
  });
  // The follow-ups the history queued (docs/decisions/0051) start now in this process, not at the next poll.
  notifyJobs();
  await requestImagesAfterSave([logoUrl]);
  return id;
}

/**
 * Saves the admin form over a wholesaler, with its history, in one transaction; false when there is no
 * such wholesaler. The stored row is read under a row lock, so `조건 확인일` follows what changed.
 */
export async function updateWholesaler(id: number, input: AdminWholesalerInput, { terms, actor = SYSTEM_ACTOR }: SaveOptions = {}) {
  const outcome = await updateWithHistory(id, { source: "admin-form", actor }, (before) => ({
    ...adminFormColumns(input),
    ...(terms
      ? {
          ...terms,
          termsCheckedAt: checkedDayAfterSave(before as WholesalerTerms, terms),
          // An admin's change of a term makes the terms the admin's again (조건 출처 no longer 공급사 제공).
          ...(termsDiffer(before as WholesalerTerms, terms) ? { termsSuppliedAt: null } : {}),
        }
      : {}),
    updatedAt: new Date(),
  }));
  if (outcome === "saved") await requestImagesAfterSave([input.logoUrl]);
  return outcome === "saved";
}

const termsDiffer = (before: WholesalerTerms, after: WholesalerTerms) =>
  TERM_FIELDS.some(
    (field) =>
      field !== "termsCheckedAt" &&
      field !== "termsSource" &&
      JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null),
  );

/** The terms a manager may set on /supplier/{id}/edit (the admin form's fields without 조건 확인일 and 조건 출처). */
export type SupplierTerms = Omit<WholesalerTerms, "termsCheckedAt" | "termsSource">;

/** Changes of the 사업자등록번호 a listing's managers may make from /supplier/{id}/edit in a Korean calendar day. */
export const NUMBER_CHANGES_PER_DAY = 3;

/**
 * A manager's save of its listing (features/suppliers): the terms, 요약 and 연락처, published at once, `조건 확인일`
 * today and `조건 출처` `공급사 제공` (terms_supplied_at), every change in the history in the same transaction.
 * Name, category and site address are not touched. `number-limit` (nothing written) when the save would change
 * the 사업자등록번호 a fourth time today: the managers' changes are counted in the history, under the row lock
 * every save of the listing takes, so saves at the same moment cannot pass the limit together.
 */
export async function saveSupplierTerms(
  id: number,
  input: {
    summary: string;
    contact: string;
    details?: { delivery: string; purchase: string; international: string };
    terms: SupplierTerms;
  },
  actor: Actor,
  now = new Date(),
): Promise<"saved" | "missing" | "number-limit"> {
  const outcome = await updateWithHistory(
    id,
    { source: "supplier", actor },
    () => ({
      summary: input.summary,
      contact: input.contact,
      ...input.details,
      ...input.terms,
      termsCheckedAt: seoulDay(now),
      termsSuppliedAt: now,
      status: "published",
      reviewReason: "",
      updatedAt: now,
    }),
    async (tx, before) =>
      before.businessNumber !== input.terms.businessNumber &&
      (await countFieldChanges(tx, id, { source: "supplier", field: "businessNumber", since: startOfSeoulDay(seoulDay(now)) })) >=
        NUMBER_CHANGES_PER_DAY,
  );
  return outcome === "refused" ? "number-limit" : outcome;
}

/**
 * One update of a supplier and its change history, in one transaction: the stored row is read under a row lock,
 * so `changes` sees what it replaces and the history records exactly what changed. `missing` for an unknown id;
 * `refused` (nothing written) when `refuse` says so of the locked row.
 */
async function updateWithHistory(
  id: number,
  by: { source: "admin-form" | "supplier"; actor: Actor },
  changes: (before: typeof wholesalers.$inferSelect) => Partial<typeof wholesalers.$inferInsert>,
  refuse?: (tx: Tx, before: typeof wholesalers.$inferSelect) => Promise<boolean>,
): Promise<"saved" | "missing" | "refused"> {
  const outcome = await db().transaction(async (tx) => {
    const [before] = await tx.select().from(wholesalers).where(eq(wholesalers.id, id)).for("update");
    if (!before) return "missing";
    if (refuse && (await refuse(tx, before))) return "refused";
    const [after] = await tx.update(wholesalers).set(changes(before)).where(eq(wholesalers.id, id)).returning();
    await recordChanges(tx, { wholesalerId: id, action: "update", ...by, before, after: after! });
    return "saved";
  });
  // The follow-ups the history queued (docs/decisions/0051) start now in this process, not at the next poll.
  if (outcome === "saved") notifyJobs();
  return outcome;
}

/** The history's name for a term report an administrator applied (shown as `셀러 제보`). */
export const SELLER_REPORT_SOURCE = "seller-report";

/**
 * `반영` of a seller's term report (features/reports, ui-contract.md "Terms reported by sellers"), in the caller's
 * transaction: each given group takes the report's values, and a mark naming the report's evidence (`조건 출처`:
 * its address, or none for a picture); `조건 확인일` becomes the day the seller read them unless the stored day is
 * later. Every change is in the history as `셀러 제보`, so the 찜 alerts follow. The row after, or null for an unknown id.
 */
export async function applyReportedTerms(
  tx: Tx,
  id: number,
  report: { terms: Partial<WholesalerTerms>; groups: readonly TermGroup[]; url: string | null; checkedOn: string },
  actor: Actor,
) {
  const [before] = await tx.select().from(wholesalers).where(eq(wholesalers.id, id)).for("update");
  if (!before) return null;
  const values: Record<string, unknown> = {};
  for (const group of report.groups) {
    for (const field of TERM_GROUPS[group]) values[field] = report.terms[field] ?? UNKNOWN_TERMS[field];
  }
  const after = { ...before, ...values } as WholesalerTerms;
  const termSources = { ...before.termSources };
  for (const group of report.groups) termSources[group] = { value: termGroupValue(after, group), url: report.url, day: report.checkedOn };
  const checkedOn = before.termsCheckedAt && before.termsCheckedAt > report.checkedOn ? before.termsCheckedAt : report.checkedOn;
  const [saved] = await tx
    .update(wholesalers)
    .set({ ...(values as Partial<WholesalerTerms>), termSources, termsCheckedAt: checkedOn, updatedAt: new Date() })
    .where(eq(wholesalers.id, id))
    .returning();
  await recordChanges(tx, { wholesalerId: id, action: "update", source: SELLER_REPORT_SOURCE, actor, before, after: saved! });
  return saved!;
}

/** The simple form (/admin/add): views start at 0 and the creation time is the server's. */
export async function createSimpleWholesaler(
  input: Omit<SimpleWholesalerInput, keyof WholesalerTerms>,
  actor: Actor = SYSTEM_ACTOR,
  terms: WholesalerTerms = UNKNOWN_TERMS,
) {
  const values = {
    ...terms,
    termsCheckedAt: checkedDayAfterSave(null, terms),
    name: input.name,
    category: input.category,
    delivery: input.delivery,
    purchase: input.purchase,
    international: input.international,
    contact: input.contact,
    ...derived(input.name, input.website, input.image),
  };
  return insertWholesaler(values, { source: "simple-form", actor, logoUrl: input.image });
}

/** 공개: a waiting supplier becomes public (its review reason is cleared), with a history row. False for an unknown id. */
export async function publishWholesaler(id: number, actor: Actor = SYSTEM_ACTOR) {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(wholesalers).where(eq(wholesalers.id, id)).for("update");
    if (!before) return false;
    const [after] = await tx
      .update(wholesalers)
      .set({ status: "published", reviewReason: "", updatedAt: new Date() })
      .where(eq(wholesalers.id, id))
      .returning();
    await recordChanges(tx, { wholesalerId: id, action: "update", source: "review", actor, before, after: after ?? null });
    return true;
  });
}

export type WaitingWholesaler = { id: number; name: string; category: string; siteUrl: string; reviewReason: string; createdAt: Date };

/** /admin/review: the suppliers waiting for review, oldest first (the order they arrived in), paged. */
export async function listWaitingWholesalers({ page = 1, pageSize = 50 }: { page?: number; pageSize?: number } = {}) {
  const where = eq(wholesalers.status, "review");
  const [counted, items] = await Promise.all([
    countForPaging(wholesalers, where, { page, perPage: pageSize }),
    db()
      .select({
        id: wholesalers.id,
        name: wholesalers.name,
        category: wholesalers.category,
        siteUrl: wholesalers.siteUrl,
        reviewReason: wholesalers.reviewReason,
        createdAt: wholesalers.createdAt,
      })
      .from(wholesalers)
      .where(where)
      .orderBy(desc(wholesalers.createdAt), asc(wholesalers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: items as WaitingWholesaler[], ...counted, page };
}

/** How many suppliers wait for review (the admin menu shows it). */
export async function countWaitingWholesalers() {
  const [row] = await db().select({ n: count() }).from(wholesalers).where(eq(wholesalers.status, "review"));
  return row?.n ?? 0;
}

/** Deletes a supplier; its history keeps the deletion and the last values. */
export async function deleteWholesaler(id: number, actor: Actor = SYSTEM_ACTOR) {
  return db().transaction(async (tx) => {
    const [row] = await tx.delete(wholesalers).where(eq(wholesalers.id, id)).returning();
    if (!row) return false;
    await recordChanges(tx, { wholesalerId: id, action: "delete", source: "admin-form", actor, before: row, after: null });
    return true;
  });
}

export type CategoryChange = { id: number; name: string; before: string; after: string };

/**
 * Category cleanup (/admin/clean-categories): every stored category is mapped by cleanCategoryName,
 * one UPDATE per distinct value that changes, all in one transaction.
 */
export async function cleanCategories(actor: Actor = SYSTEM_ACTOR): Promise<CategoryChange[]> {
  return db().transaction(async (tx) => {
    const distinct = await tx.selectDistinct({ category: wholesalers.category }).from(wholesalers);
    const changes: CategoryChange[] = [];
    for (const { category: before } of distinct) {
      const after = cleanCategoryName(before);
      if (after === before) continue;
      const rows = await tx
        .update(wholesalers)
        .set({ category: after, updatedAt: new Date() })
        .where(eq(wholesalers.category, before))
        .returning({ id: wholesalers.id, name: wholesalers.name });
      for (const row of rows) {
        changes.push({ ...row, before, after });
        await recordChanges(tx, {
          wholesalerId: row.id,
          action: "update",
          source: "category-cleanup",
          actor,
          before: { category: before },
          after: { category: after },
        });
      }
    }
    return changes.sort((a, b) => a.name.localeCompare(b.name, "ko") || a.id - b.id);
  });
}
