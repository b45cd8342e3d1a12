import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ImageVariant } from "#app/lib/images.ts";
import {
  FACTS,
  IMAGE_USE_VALUES,
  INTEGRATION_VALUES,
  PRICE_POLICY_VALUES,
  RETURNS_VALUES,
  type ReportedTermSources,
  type WholesalerTerms,
  YES_NO,
} from "./term-values.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Bytes as PostgreSQL `bytea`; PGlite hands back a Uint8Array, node-postgres a Buffer: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Search support shared by every searchable table: `search_grams` holds the 1- and 2-character
 * grams of the lower-cased name and of its 초성 (computed in code on write, see
 * platform/search/korean-search.ts) so a GIN index answers one- and two-syllable words and 초성 queries;
 * `name_chosung` is kept to verify 초성 matches exactly.
 */
const searchColumns = () => ({
  searchGrams: text("search_grams").array().notNull().default(sql`'{}'::text[]`),
  nameChosung: text("name_chosung").notNull().default(""),
});

// ---- Better Auth tables (names and columns as its drizzle adapter expects) ----

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("user"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * What a person agreed to at sign-up, one row per item (docs/decisions/0054, features/users/signup-consent.ts):
 * `terms`, `privacy`, `age` (만 14세 이상) and the optional `news` (새 소식 메일). `version` is the version of the text
 * agreed to; `withdrawn_at` is set when the person takes a consent back on /account (only `news` can be), and
 * cleared, with a new `agreed_at` and `version`, when they give it again. Deleted with the account.
 */
export const consents = pgTable(
  "consents",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    version: text("version").notNull(),
    agreedAt: timestamp("agreed_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("consents_kind_check", sql.raw(`kind IN ('terms', 'privacy', 'age', 'news')`)),
  ],
);

// ---- Directory ----

/** `column IN ('a', 'b')` for a CHECK constraint (the values are our own constants, never input). */
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(", ")})`);

/**
 * The facts the /list filters match, derived by PostgreSQL from the terms as bits of `fact_mask` (bit i
 * is term-values.ts FACTS[i]): one btree index answers every combination of filters, and no write path
 * (forms, import, restore, SQL) can let the facts drift from the terms. A NULL (unknown) term sets no bit.
 */
const FACT_CONDITIONS: Record<(typeof FACTS)[number], string> = {
  dropshipping: "dropshipping = 'yes'",
  "free-shipping": "shipping_fee = 0 OR free_shipping_over IS NOT NULL",
  returns: `"returns" = 'yes'`,
  "image-use": "image_use = 'yes'",
  "free-price": "price_policy = 'free'",
  "single-unit": "min_order = 1",
  // Holds only while the number and the site are still the ones the official records were verified for.
  "business-verified": "records_verified_for = business_number || ' ' || site_url",
};
const FACT_MASK_EXPRESSION = sql.raw(
  `(${FACTS.map((fact, bit) => `CASE WHEN ${FACT_CONDITIONS[fact]} THEN ${1 << bit} ELSE 0 END`).join(" | ")})::smallint`,
);

/**
 * One record with every field of both legacy wholesaler shapes (docs/decisions/0004). The simple form's
 * `website` and `image` fields are stored as siteUrl and logoUrl.
 */
export const wholesalers = pgTable(
  "wholesalers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    summary: text("summary").notNull().default(""),
    category: text("category").notNull().default(""),
    siteUrl: text("site_url").notNull().default(""),
    logoUrl: text("logo_url").notNull().default(""),
    contact: text("contact").notNull().default(""),
    delivery: text("delivery").notNull().default(""),
    purchase: text("purchase").notNull().default(""),
    international: text("international").notNull().default(""),
    /** Lower-cased host of siteUrl: the import matches existing suppliers by it. */
    siteHost: text("site_host").notNull().default(""),
    /**
     * `published` (공개) or `review` (검토 대기): waiting suppliers are left out of every public query
     * (features/wholesalers/wholesalers.server.ts `publishedOnly`) until an admin publishes them.
     */
    status: text("status", { enum: ["published", "review"] })
      .notNull()
      .default("published"),
    /** Why a supplier waits for review (the import's judgement of its row), shown on /admin/review. */
    reviewReason: text("review_reason").notNull().default(""),
    views: integer("views").notNull().default(0),
    // The terms sellers decide on (ui-contract.md "Supplier terms"). NULL is unknown (`확인 필요`).
    dropshipping: text("dropshipping").$type<(typeof YES_NO)[number]>(),
    minOrder: integer("min_order"),
    /** `상품마다 다름` (term-values.ts VARIES): min_order is then NULL. */
    minOrderVaries: boolean("min_order_varies").notNull().default(false),
    /** Whole won; 0 is free shipping. */
    shippingFee: integer("shipping_fee"),
    /** Whole won: orders from this amount ship free. */
    freeShippingOver: integer("free_shipping_over"),
    /** `상품마다 다름`: shipping_fee and free_shipping_over are then NULL. */
    shippingFeeVaries: boolean("shipping_fee_varies").notNull().default(false),
    returns: text("returns").$type<(typeof RETURNS_VALUES)[number]>(),
    imageUse: text("image_use").$type<(typeof IMAGE_USE_VALUES)[number]>(),
    pricePolicy: text("price_policy").$type<(typeof PRICE_POLICY_VALUES)[number]>(),
    /** A non-empty set of api / excel / sender. */
    integration: text("integration").array().$type<(typeof INTEGRATION_VALUES)[number][]>(),
    /** 사업자등록번호: 10 digits, check digit verified before it is stored. */
    businessNumber: text("business_number"),
    /** The Korean calendar day the terms were last read from their source. */
    termsCheckedAt: date("terms_checked_at", { mode: "string" }),
    /** The http(s) page the terms were read from. */
    termsSource: text("terms_source"),
    /**
     * `<business number> <site address>` when the official records (features/official-records) said 계속사업자,
     * 통신판매업 정상영업 and a declared domain matching that site; null otherwise. Written by the records checks
     * only; the `business-verified` fact holds while both still equal the row's own (an edit clears it by itself).
     */
    recordsVerifiedFor: text("records_verified_for"),
    /**
     * When the terms were last saved by an account that manages the listing (features/suppliers): `조건 출처` then
     * reads `공급사 제공`. An admin's change of a term clears it (the terms are then the admin's again).
     */
    termsSuppliedAt: timestamp("terms_supplied_at", { withTimezone: true }),
    /**
     * The term groups a seller's report set, applied by an administrator (features/reports, 조건 제보): `조건 출처` then
     * names the report's evidence for them. Each mark holds only while its group keeps the value it set (term-values.ts).
     */
    termSources: jsonb("term_sources").$type<ReportedTermSources>().notNull().default({}),
    /** Bit i set when FACTS[i] is known to be true (term-values.ts); the filters' index. */
    factMask: smallint("fact_mask").notNull().generatedAlwaysAs(FACT_MASK_EXPRESSION),
    ...searchColumns(),
    /**
     * What /list's search reads (ui-contract "Smaller changes"): the name's grams (search_grams, with its 초성
     * form) and the 1- and 2-character grams of the summary, the category and the site's host, derived by
     * PostgreSQL (the `search_grams_of` function of migration 0014, the same grams as platform/search/korean-search.ts)
     * so no write path (forms, import, a supplier's own edit, restore) can let them drift from the text.
     */
    textGrams: text("text_grams")
      .array()
      .notNull()
      .generatedAlwaysAs(sql.raw(`search_grams || search_grams_of(lower(summary || ' ' || category || ' ' || site_host))`)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("wholesalers_dropshipping_check", oneOf("dropshipping", YES_NO)),
    check("wholesalers_returns_check", oneOf('"returns"', RETURNS_VALUES)),
    check("wholesalers_image_use_check", oneOf("image_use", IMAGE_USE_VALUES)),
    check("wholesalers_price_policy_check", oneOf("price_policy", PRICE_POLICY_VALUES)),
    check("wholesalers_min_order_check", sql`${t.minOrder} >= 1`),
    // `상품마다 다름` is a value of its own: never together with a number.
    check("wholesalers_min_order_varies_check", sql`NOT (${t.minOrderVaries} AND ${t.minOrder} IS NOT NULL)`),
    check(
      "wholesalers_shipping_fee_varies_check",
      sql`NOT (${t.shippingFeeVaries} AND (${t.shippingFee} IS NOT NULL OR ${t.freeShippingOver} IS NOT NULL))`,
    ),
    check("wholesalers_shipping_fee_check", sql`${t.shippingFee} >= 0`),
    check("wholesalers_free_shipping_over_check", sql`${t.freeShippingOver} >= 1`),
    check(
      "wholesalers_integration_check",
      sql.raw(`cardinality(integration) > 0 AND integration <@ ARRAY[${INTEGRATION_VALUES.map((v) => `'${v}'`).join(", ")}]::text[]`),
    ),
    check("wholesalers_business_number_check", sql`${t.businessNumber} ~ '^[0-9]{10}$'`),
    check("wholesalers_terms_source_check", sql`${t.termsSource} ~* '^https?://'`),
    // The term filters: counted from this index alone (index-only), whatever the combination.
    index("wholesalers_fact_mask_idx").on(t.factMask, t.status),
    // The name's grams: a search-suggestion's candidates (names sharing a syllable with the search).
    index("wholesalers_search_grams_idx").using("gin", t.searchGrams),
    // The name, summary, category and host grams: /list's search.
    index("wholesalers_text_grams_idx").using("gin", t.textGrams),
    // The sort orders. fact_mask and category trail the unique (…, id) key, so a filtered page walks the
    // index in order and checks them without reading the table (an index-only scan; see listWholesalers).
    // status trails too: every public list reads published suppliers only (publishedOnly).
    index("wholesalers_views_idx").on(t.views.desc(), t.id.desc(), t.factMask, t.category, t.status),
    index("wholesalers_created_idx").on(t.createdAt.desc(), t.id.desc(), t.factMask, t.category, t.status),
    index("wholesalers_name_idx").on(t.name, t.id, t.factMask, t.category, t.status),
    // The category chip, and a chip with term filters counted from the index alone.
    index("wholesalers_category_idx").on(t.category, t.factMask, t.status),
    index("wholesalers_site_host_idx").on(t.siteHost),
    index("wholesalers_logo_url_idx").using("hash", t.logoUrl).where(sql`${t.logoUrl} <> ''`),
    index("wholesalers_status_idx").on(t.status, t.createdAt.desc()),
  ],
);

/**
 * Who has looked at a supplier on which Korean calendar day: a view counts once per visitor per
 * supplier per day (docs/decisions/0005), so the popularity sort cannot be bought with a loop. The
 * visitor is a keyed hash of the session or address, renewed daily; rows older than two days are purged.
 */
export const wholesalerViews = pgTable(
  "wholesaler_views",
  {
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.wholesalerId, t.day, t.visitor] }), index("wholesaler_views_day_idx").on(t.day)],
);

/**
 * Views counted since the last fold: the detail page adds one row per counted view here (a small table with no
 * index), and the `wholesalers.fold-views` job adds them to `wholesalers.views` every few minutes and deletes
 * them, so a page view never writes the supplier's row and its nine indexes (docs/decisions/0005, 0034).
 */
export const wholesalerViewCounts = pgTable("wholesaler_view_counts", {
  wholesalerId: integer("wholesaler_id").notNull(),
});

/**
 * A signed-in user's saved suppliers (찜). Private to the user; gone with the user or the supplier.
 * The key serves "is this one saved?", the second index the user's list newest first.
 */
export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.wholesalerId] }),
    index("favorites_user_created_idx").on(t.userId, t.createdAt.desc(), t.wholesalerId.desc()),
    index("favorites_wholesaler_idx").on(t.wholesalerId),
  ],
);

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    summary: text("summary").notNull().default(""),
    /** Whole won; null when the owner gave no price. */
    price: integer("price"),
    siteUrl: text("site_url").notNull().default(""),
    /** The owner; deleting the account deletes its products (회원 탈퇴). No e-mail is copied here. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /**
     * The listing this product is tied to (공급사 인증, features/suppliers): set only by an account that manages
     * that listing; null is `직접 등록`. Untied when the listing goes, or when its owner stops managing it.
     */
    wholesalerId: integer("wholesaler_id").references(() => wholesalers.id, { onDelete: "set null" }),
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_search_grams_idx").using("gin", t.searchGrams),
    index("products_wholesaler_idx").on(t.wholesalerId, t.createdAt.desc(), t.id.desc()),
    index("products_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("products_created_by_idx").on(t.createdBy),
    // Which rows name a picture (the hourly purge of unnamed pictures, docs/decisions/0026). Hash: an address
    // may be longer than a B-tree entry can be.
    index("products_image_url_idx").using("hash", t.imageUrl).where(sql`${t.imageUrl} <> ''`),
  ],
);

export const externalProducts = pgTable(
  "external_products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    productUrl: text("product_url").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    /** Shown exactly as given ("29,900원~"). */
    price: text("price").notNull().default(""),
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("external_products_search_grams_idx").using("gin", t.searchGrams),
    index("external_products_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("external_products_url_idx").on(t.productUrl),
    index("external_products_image_url_idx").using("hash", t.imageUrl).where(sql`${t.imageUrl} <> ''`),
  ],
);

export const sellerNotes = pgTable(
  "seller_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    /** Sanitised HTML (features/notes/note-html.server.ts); never stored unsanitised. */
    content: text("content").notNull(),
    /** The writer, shown by display name (`user.name`, `관리자` when empty or gone); never an e-mail (docs/spec/decisions.md 29). */
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [index("seller_notes_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

/**
 * One-time links sent by mail: a password reset (1 hour) or the proof of an ADMIN_EMAILS address
 * (24 hours). Only the SHA-256 of the 32-byte random token is stored, so a leaked table opens nothing;
 * a token is used by deleting its row, so it works once.
 */
export const userTokens = pgTable(
  "user_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: ["reset-password", "verify-email"] }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * The address a `verify-email` link proves when it is not the account's yet: an account 카카오 or 네이버 made
     * without an e-mail adds one, and it becomes the account's only when its link is used (docs/decisions/0055).
     */
    email: text("email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("user_tokens_user_id_idx").on(t.userId), index("user_tokens_expires_idx").on(t.expiresAt)],
);

// ---- Keeping the list true (site checks, correction requests, change history) ----

/**
 * One run of site checks: the daily schedule's, an admin's `전체 점검`, or one `지금 점검`. Its checks are
 * provisional until the run is judged (features/site-checks): `recorded` keeps them, `offline` (the server
 * itself could not reach the internet) deletes them.
 */
export const siteCheckRuns = pgTable("site_check_runs", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** `schedule`, `all` (전체 점검) or `one` (지금 점검). */
  trigger: text("trigger").notNull(),
  total: integer("total").notNull(),
  /** Checks of this run that have finished (counted in the same transaction as each check's result). */
  done: integer("done").notNull().default(0),
  /** null while running; `recorded` or `offline` once judged. */
  outcome: text("outcome"),
  createdAt: createdAt(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/** One fetch of a supplier's site and what it showed. */
export const siteChecks = pgTable(
  "site_checks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    runId: integer("run_id")
      .notNull()
      .references(() => siteCheckRuns.id, { onDelete: "cascade" }),
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    /** The address that was checked (the supplier's site at the time). */
    url: text("url").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    /** The Korean calendar day (Asia/Seoul) of checkedAt: the 2-consecutive-days rule counts these. */
    checkedDay: date("checked_day", { mode: "string" }).notNull(),
    /** `ok`, `moved` (ends on another site), `parked` (a parked or for-sale page) or `failed`. */
    outcome: text("outcome").notNull(),
    statusCode: integer("status_code"),
    finalUrl: text("final_url"),
    /** Why a check failed: dns, connect, timeout, tls, refused, redirects, too-large, http, protocol, network. */
    errorKind: text("error_kind"),
    title: text("title"),
  },
  (t) => [index("site_checks_wholesaler_idx").on(t.wholesalerId, t.checkedAt.desc()), index("site_checks_run_idx").on(t.runId)],
);

/** Each checked supplier's current site status, recomputed from its recorded checks when a run is judged. */
export const siteStatus = pgTable(
  "site_status",
  {
    wholesalerId: integer("wholesaler_id")
      .primaryKey()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    /** `ok` (정상), `moved` (주소 변경됨), `down` (연결 안 됨) or `unchecked` (확인 전: failing for one day only). */
    status: text("status").notNull(),
    lastOutcome: text("last_outcome").notNull(),
    lastErrorKind: text("last_error_kind"),
    lastStatusCode: integer("last_status_code"),
    lastFinalUrl: text("last_final_url"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    checkedDay: date("checked_day", { mode: "string" }).notNull(),
    /** When the current problem (moved, down, or a failing last check) was first seen; null when fine. */
    problemSince: timestamp("problem_since", { withTimezone: true }),
  },
  (t) => [index("site_status_problem_idx").on(t.problemSince.desc())],
);

/** A visitor's `정보 수정 요청` about a supplier. The reporter's account is kept as an id only, never the e-mail. */
export const correctionRequests = pgTable(
  "correction_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    /** `unreachable`, `wrong`, `closed` or `other` (features/reports/report-schema.ts). */
    reason: text("reason").notNull(),
    body: text("body").notNull(),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    /** `open`, `done` (처리 완료) or `rejected` (반려). */
    status: text("status").notNull().default("open"),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("correction_requests_status_idx").on(t.status, t.createdAt.desc())],
);

/**
 * Every admin write to a supplier: who (account id and a display label, never an e-mail), when, how, and
 * each field before → after. No foreign key on the supplier: the record of a deletion outlives the row.
 */
export const wholesalerChanges = pgTable(
  "wholesaler_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    wholesalerId: integer("wholesaler_id").notNull(),
    /** `create`, `update` or `delete`. */
    action: text("action").notNull(),
    /** Which tool wrote it: admin-form, simple-form, category-cleanup, import, review, … */
    source: text("source").notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    /** [{ field, before, after }] */
    changes: jsonb("changes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("wholesaler_changes_wholesaler_idx").on(t.wholesalerId, t.createdAt.desc())],
);

// ---- Suppliers who run a listing (공급사 인증) and 찜 alerts (features/suppliers, features/alerts) ----

/**
 * Accounts that proved they run a listing's site (docs/decisions/0035). Several may manage one listing; an admin
 * removes one on the edit page. Gone with the account or the listing; its products stay, untied (products.server.ts).
 */
export const wholesalerManagers = pgTable(
  "wholesaler_managers",
  {
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * How control was proven: `meta` (메타 태그), `file` (파일), `email` (a code mailed to an address at the site's
     * domain) or `document` (사업자등록증 approved by an admin).
     */
    method: text("method").notNull(),
    /** The address the proof was read from (for `email`, `mailto:` and the address; for `document`, the claim's admin page). */
    proofUrl: text("proof_url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.wholesalerId, t.userId] }),
    index("wholesaler_managers_user_idx").on(t.userId),
    check("wholesaler_managers_method_check", oneOf("method", ["meta", "file", "email", "document"])),
  ],
);

/**
 * A claim's verification code, one per account and listing, valid 7 days (features/suppliers/claims.server.ts).
 * The code itself is not stored: it is a keyed hash (BETTER_AUTH_SECRET) of this row's random `nonce`, so the
 * claim page can show it again, and a leaked table alone gives no code; `code_hash` is its SHA-256, what a proof
 * read from a site is compared with. After the expiry a new nonce replaces the row.
 */
export const claimCodes = pgTable(
  "claim_codes",
  {
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.wholesalerId, t.userId] }), index("claim_codes_expires_idx").on(t.expiresAt)],
);

/**
 * The 6-digit code of a claim by mail (features/suppliers/claim-mail.server.ts): one per account and listing, sent to
 * `address` (built by the server from the listing's registrable domain), valid 30 minutes and for 5 tries; a new
 * mail replaces it. Only a keyed hash of the code is kept. Past 5 tries it is locked until it expires.
 */
export const claimMailCodes = pgTable(
  "claim_mail_codes",
  {
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    codeHash: text("code_hash").notNull(),
    tries: integer("tries").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.wholesalerId, t.userId] }), check("claim_mail_codes_tries_check", sql`${t.tries} >= 0`)],
);

/**
 * A claim by 사업자등록증 (features/suppliers/claim-documents.server.ts): the document (an evidence file, private,
 * deleted 30 days after the decision), the number on it, a contact, the 국세청 state when it was sent, and the
 * decision: `pending` (심사 대기), `approved` (승인: the account became a manager) or `rejected` (반려, with the
 * reason mailed). One pending claim per account and listing.
 */
export const claimDocuments = pgTable(
  "claim_documents",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    evidenceFileId: text("evidence_file_id").references(() => evidenceFiles.id, { onDelete: "set null" }),
    businessNumber: text("business_number").notNull(),
    contact: text("contact").notNull(),
    /** The 국세청 state known when the claim was sent (`active`, `suspended`, `closed`, `unregistered`), or null. */
    ntsState: text("nts_state"),
    state: text("state").notNull().default("pending"),
    reason: text("reason"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("claim_documents_state_check", oneOf("state", ["pending", "approved", "rejected"])),
    check("claim_documents_number_check", sql`${t.businessNumber} ~ '^[0-9]{10}$'`),
    uniqueIndex("claim_documents_pending_idx").on(t.wholesalerId, t.userId).where(sql`${t.state} = 'pending'`),
    index("claim_documents_queue_idx").on(t.createdAt).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * An account's 찜 alert setting (no row: on, the default) and how far its alerts have gone: the last change
 * (wholesaler_changes.id) a digest covered.
 */
export const alertSettings = pgTable("alert_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(true),
  notifiedThrough: integer("notified_through").notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * One alert mail (docs/decisions/0036): at most one per account and Korean calendar day (the unique key), its
 * text fixed when it is gathered so a retry sends the same mail, and its state: `pending` (to send), `sending`
 * (a send started: if the worker dies now the mail is never sent again), `sent`. No address is stored: the
 * account's is read when sending.
 */
export const alertDigests = pgTable(
  "alert_digests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    throughChangeId: integer("through_change_id").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The mail's HTML part, written with the text at gathering; null for digests gathered before it existed. */
    html: text("html"),
    state: text("state").notNull().default("pending"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("alert_digests_user_day_idx").on(t.userId, t.day),
    check("alert_digests_state_check", oneOf("state", ["pending", "sending", "sent"])),
  ],
);

// ---- Reasons to come back: what is new (features/updates) and saved searches (features/saved-searches), ADR 0053 ----

/**
 * What is new about a supplier, one row per supplier, kept by the updates' follower of the change history
 * (docs/decisions/0051) in the writing transaction: when it became public (`new_at`: created published, or 공개 after
 * 검토 대기) and when terms were last confirmed (`terms_at`, set to a known value; `terms` names them, those of the
 * last 30 days together). /updates and its feed read the last 30 days by `news_at`; `unmatched` marks the rows the
 * saved searches have not looked at since their last change (the weekly job's queue, read through its partial index).
 */
export const supplierNews = pgTable(
  "supplier_news",
  {
    wholesalerId: integer("wholesaler_id")
      .primaryKey()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    newAt: timestamp("new_at", { withTimezone: true }),
    termsAt: timestamp("terms_at", { withTimezone: true }),
    terms: text("terms").array().notNull().default(sql`'{}'::text[]`),
    newsAt: timestamp("news_at", { withTimezone: true }).notNull(),
    unmatched: boolean("unmatched").notNull().default(true),
  },
  (t) => [
    index("supplier_news_at_idx").on(t.newsAt.desc(), t.wholesalerId.desc()),
    index("supplier_news_unmatched_idx").on(t.newsAt).where(sql`${t.unmatched}`),
  ],
);

/**
 * A /list search an account saved (`이 조건 저장`): `query` is the list's own URL parameters, normalised
 * (features/saved-searches/saved-search-params.ts), so one search is stored once per account. The other columns are
 * that search taken apart for the matching index: a supplier with news is matched against the saved searches whose
 * `q_key` (one gram of the search, '' without a search) is among its own grams, whose category is '' or its own, and
 * whose filters' bits are all in its `fact_mask`, never by running every search against every supplier.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    /** The search as /list reads it (lower-cased, capped), '' for none; `q_chosung` when it is 초성 only. */
    q: text("q").notNull().default(""),
    qChosung: boolean("q_chosung").notNull().default(false),
    qKey: text("q_key").notNull().default(""),
    category: text("category").notNull().default(""),
    /** The category the search names in a seller's words (`옷` → 의류), whose other suppliers /list shows after the matches. */
    alsoCategory: text("also_category").notNull().default(""),
    factMask: smallint("fact_mask").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_searches_user_query_idx").on(t.userId, t.query),
    index("saved_searches_match_idx").on(t.qKey, t.category, t.factMask),
    index("saved_searches_also_idx").on(t.alsoCategory).where(sql`${t.alsoCategory} <> ''`),
    check("saved_searches_query_check", sql`char_length(${t.query}) <= 1000`),
  ],
);

/**
 * A supplier that newly matched a saved search: found once (the key: never the same news twice), mailed once. `settled_at`
 * is set when a mail takes it (`mail_id`) or when its account's mails are off; until then it waits for the next run.
 */
export const savedSearchNews = pgTable(
  "saved_search_news",
  {
    savedSearchId: integer("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** `new` (a new or newly published supplier) or `terms` (a term newly confirmed). */
    reason: text("reason").notNull(),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull().defaultNow(),
    mailId: integer("mail_id"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.wholesalerId] }),
    index("saved_search_news_waiting_idx").on(t.userId).where(sql`${t.settledAt} IS NULL`),
    check("saved_search_news_reason_check", oneOf("reason", ["new", "terms"])),
  ],
);

/**
 * One saved-search mail: at most one per account and run (the unique key; `run` names the week, or the period of
 * SAVED_SEARCH_MAIL_MINUTES), its text fixed when gathered, and its state as the 찜 alerts' digests have it.
 */
export const savedSearchMails = pgTable(
  "saved_search_mails",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    run: text("run").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    html: text("html").notNull(),
    state: text("state").notNull().default("pending"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("saved_search_mails_user_run_idx").on(t.userId, t.run),
    check("saved_search_mails_state_check", oneOf("state", ["pending", "sending", "sent"])),
  ],
);

// ---- Seller reviews (셀러 거래 후기, features/reviews) and evidence files (platform/evidence), docs/decisions/0048 ----

/** Review scores: 1 to 5, or null for `해당 없음`. */
const score = (name: string) => smallint(name);
const scoreInRange = (column: string) => sql.raw(`${column} IS NULL OR ${column} BETWEEN 1 AND 5`);

/**
 * A seller's review of a supplier it traded with. The writer is kept as an account id, never shown: the page names
 * it by a keyed pseudonym (features/reviews/review-writer.server.ts); its reviews go with the account (회원 탈퇴).
 * `evidence`: `none` (no number, no picture), `pending` (waiting for an administrator), `confirmed` (증빙 확인: the
 * review counts toward the scores), `rejected`. `visibility`: `public`, `hidden` (an administrator hid it after a
 * 신고) or `taken-down` (임시조치 while a 게시 중단 요청 is open, 정보통신망법 제44조의2).
 */
export const reviews = pgTable(
  "reviews",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    shipping: score("shipping"),
    stock: score("stock"),
    support: score("support"),
    returns: score("returns"),
    /** `YYYY-MM`: the month of the trade (one of the 24 the form offers). */
    tradedOn: text("traded_on").notNull(),
    body: text("body").notNull(),
    /** 주문번호 또는 송장번호 as typed; `evidence_key` is it without separators, upper-cased (`같은 증빙 번호`). */
    evidenceNumber: text("evidence_number"),
    evidenceKey: text("evidence_key"),
    /** The picture `거래 화면 캡처` (evidence_files.id; no foreign key: the file is deleted 30 days after the decision). */
    evidenceFileId: text("evidence_file_id"),
    evidence: text("evidence").notNull().default("none"),
    evidenceDecidedAt: timestamp("evidence_decided_at", { withTimezone: true }),
    evidenceDecidedBy: text("evidence_decided_by").references(() => user.id, { onDelete: "set null" }),
    visibility: text("visibility").notNull().default("public"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_shipping_check", scoreInRange("shipping")),
    check("reviews_stock_check", scoreInRange("stock")),
    check("reviews_support_check", scoreInRange("support")),
    check("reviews_returns_check", scoreInRange('"returns"')),
    check("reviews_some_score_check", sql`coalesce(${t.shipping}, ${t.stock}, ${t.support}, ${t.returns}) IS NOT NULL`),
    check("reviews_traded_on_check", sql`${t.tradedOn} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check("reviews_evidence_check", oneOf("evidence", ["none", "pending", "confirmed", "rejected"])),
    check("reviews_visibility_check", oneOf("visibility", ["public", "hidden", "taken-down"])),
    // A supplier's page, newest first.
    index("reviews_wholesaler_idx").on(t.wholesalerId, t.createdAt.desc(), t.id.desc()),
    // The 90-day rule and /account's own reviews.
    index("reviews_user_idx").on(t.userId, t.wholesalerId, t.createdAt.desc()),
    // 증빙 확인 대기, oldest first, and the admin menu's count.
    index("reviews_evidence_pending_idx").on(t.createdAt).where(sql`${t.evidence} = 'pending'`),
    index("reviews_evidence_key_idx").on(t.evidenceKey).where(sql`${t.evidenceKey} IS NOT NULL`),
  ],
);

/** `공급사 답변`: one per review (the key), by an account that manages the listing. */
export const reviewAnswers = pgTable("review_answers", {
  reviewId: integer("review_id")
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

/**
 * `게시 중단 요청` (임시조치, 정보통신망법 제44조의2): one per review. While `open` the review is `taken-down`; its
 * writer may object once (`이의 신청`); an administrator `restored` it or deleted the review (and this row with it).
 */
export const reviewTakedowns = pgTable(
  "review_takedowns",
  {
    reviewId: integer("review_id")
      .primaryKey()
      .references(() => reviews.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    objection: text("objection"),
    objectedAt: timestamp("objected_at", { withTimezone: true }),
    status: text("status").notNull().default("open"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("review_takedowns_status_check", oneOf("status", ["open", "restored"])),
    index("review_takedowns_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

/** `신고` of a review: one per account and review; open until an administrator hides the review or keeps it. */
export const reviewFlags = pgTable(
  "review_flags",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("review_flags_review_user_idx").on(t.reviewId, t.userId),
    index("review_flags_open_idx").on(t.reviewId).where(sql`${t.handledAt} IS NULL`),
  ],
);

/**
 * The scores of counted reviews (증빙 확인, public) per supplier and Korean calendar day of writing: the sums and
 * counts of each of the four scores. Kept by a trigger on `reviews` (migration 0015) in the writing transaction,
 * whichever way a review changes or goes (a decision, a takedown, 회원 탈퇴's cascade), so a page of cards reads
 * its scores from here in one query: the days of the last 365 (features/reviews `reviewScoresAmong`).
 */
export const reviewScoreDays = pgTable(
  "review_score_days",
  {
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    reviews: integer("reviews").notNull().default(0),
    shippingSum: integer("shipping_sum").notNull().default(0),
    shippingCount: integer("shipping_count").notNull().default(0),
    stockSum: integer("stock_sum").notNull().default(0),
    stockCount: integer("stock_count").notNull().default(0),
    supportSum: integer("support_sum").notNull().default(0),
    supportCount: integer("support_count").notNull().default(0),
    returnsSum: integer("returns_sum").notNull().default(0),
    returnsCount: integer("returns_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.wholesalerId, t.day] })],
);

/**
 * Evidence files (platform/evidence): a review's `거래 화면 캡처`, a report's `근거 화면 캡처`, later a claim's
 * 사업자등록증. Never public: only an administrator's route serves them. `body` holds the bytes until they are in
 * object storage (IMAGE_STORE=s3, under `private/evidence/`); the purge deletes the file once `delete_after` has
 * passed (30 days after its decision) or its uploader's account is gone. Left out of backups.
 */
export const evidenceFiles = pgTable(
  "evidence_files",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    body: bytea("body"),
    deleteAfter: timestamp("delete_after", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("evidence_files_content_type_check", oneOf("content_type", ["image/png", "image/jpeg", "image/webp", "application/pdf"])),
    index("evidence_files_due_idx").on(t.deleteAfter).where(sql`${t.deleteAfter} IS NOT NULL`),
    index("evidence_files_orphan_idx").on(t.createdAt).where(sql`${t.ownerId} IS NULL`),
  ],
);

/**
 * A seller's `조건 제보`: the term groups it sets (term-values.ts TERM_GROUPS, as stored), the evidence (an address
 * or a picture), the day the seller read them, and what an administrator did: `open`, `applied` (반영: `applied`
 * lists the groups saved) or `rejected` (반려). Kept without the account when it is deleted, like correction requests.
 */
export const termReports = pgTable(
  "term_reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    terms: jsonb("terms").$type<Partial<WholesalerTerms>>().notNull(),
    evidenceUrl: text("evidence_url"),
    evidenceFileId: text("evidence_file_id"),
    checkedOn: date("checked_on", { mode: "string" }).notNull(),
    status: text("status").notNull().default("open"),
    applied: text("applied").array(),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("term_reports_status_check", oneOf("status", ["open", "applied", "rejected"])),
    check("term_reports_evidence_check", sql`${t.evidenceUrl} IS NOT NULL OR ${t.evidenceFileId} IS NOT NULL`),
    check("term_reports_evidence_url_check", sql`${t.evidenceUrl} ~* '^https?://'`),
    index("term_reports_open_idx").on(t.createdAt.desc()).where(sql`${t.status} = 'open'`),
  ],
);

// ---- Official records (사업자 정보, features/official-records, docs/decisions/0029) ----

/**
 * What the two public registries and the supplier's own home page said about one supplier: the 국세청 state,
 * the 공정위 통신판매업 record and the numbers read from the page. Only the last good answer of each service is
 * kept (a failed call changes its `*_asked_at` and `*_failure`, never the answer), and nothing about a person:
 * the stored raw answers are cut to a list of business fields (official-records/registry-answers.ts).
 */
export const officialRecords = pgTable(
  "official_records",
  {
    wholesalerId: integer("wholesaler_id")
      .primaryKey()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    /** The number the registry answers below are about; answers for another number are not shown. */
    businessNumber: text("business_number"),
    /** `active` (계속사업자), `suspended` (휴업자), `closed` (폐업자) or `unregistered`; null before a good answer. */
    ntsState: text("nts_state"),
    /** The registry's own words and codes (b_stt, b_stt_cd, tax_type, tax_type_cd). */
    ntsStateName: text("nts_state_name"),
    ntsStateCode: text("nts_state_code"),
    taxType: text("tax_type"),
    taxTypeCode: text("tax_type_code"),
    /** 폐업일 (end_dt). */
    closedOn: date("closed_on", { mode: "string" }),
    /** The last good answer; the last call (good or not); why that call failed (null after a good one). */
    ntsCheckedAt: timestamp("nts_checked_at", { withTimezone: true }),
    ntsAskedAt: timestamp("nts_asked_at", { withTimezone: true }),
    ntsFailure: text("nts_failure"),
    ntsAnswer: jsonb("nts_answer"),
    /** Whether the 공정위 registry has a 통신판매업 신고 for the number; null before a good answer. */
    mailOrderFound: boolean("mail_order_found"),
    /** 신고번호 (prmmiMnno) and its state (operSttusCdNm, e.g. 정상영업). */
    mailOrderNumber: text("mail_order_number"),
    mailOrderState: text("mail_order_state"),
    /** The internet domains declared for 통신판매 (domnCn), as written. */
    declaredDomains: text("declared_domains").array().notNull().default(sql`'{}'::text[]`),
    ftcCheckedAt: timestamp("ftc_checked_at", { withTimezone: true }),
    ftcAskedAt: timestamp("ftc_asked_at", { withTimezone: true }),
    ftcFailure: text("ftc_failure"),
    ftcAnswer: jsonb("ftc_answer"),
    /** What the site check last read on the home page: a 사업자등록번호 (check digit valid) and a 통신판매업 신고번호. */
    pageNumber: text("page_number"),
    pageMailOrderNumber: text("page_mail_order_number"),
    /** The 상호 the home page's 사업자 정보 names (`상호`, `상호명`, `회사명`), as written: `상호 불일치` compares it. */
    pageTradeName: text("page_trade_name"),
    pageUrl: text("page_url"),
    pageReadAt: timestamp("page_read_at", { withTimezone: true }),
    /** Where the supplier's number came from when the site check filled it in (the page and when). */
    numberSourceUrl: text("number_source_url"),
    numberSourceAt: timestamp("number_source_at", { withTimezone: true }),
    /** `<number> <site address>` when the answers verify that pair; copied to wholesalers.records_verified_for. */
    verifiedFor: text("verified_for"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("official_records_business_number_check", sql`${t.businessNumber} ~ '^[0-9]{10}$'`),
    check("official_records_nts_state_check", oneOf("nts_state", ["active", "suspended", "closed", "unregistered"])),
  ],
);

/**
 * The /admin/records queue: one row per supplier and reason (closed, suspended, unregistered, no-mail-order,
 * domain-mismatch, number-mismatch), kept in step with official_records by the code that writes it. A reason
 * that goes away deletes its row, so when it comes back (the state changed again) it is open again; `확인함`
 * sets `acknowledged_at`. `detail` is what the reason is about (the page's number, the 폐업일…): when it
 * changes, the row is open again.
 */
export const recordIssues = pgTable(
  "record_issues",
  {
    wholesalerId: integer("wholesaler_id")
      .notNull()
      .references(() => wholesalers.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    detail: text("detail").notNull().default(""),
    since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedBy: text("acknowledged_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.wholesalerId, t.reason] }),
    // The open items, newest first, and their count for the admin menu.
    index("record_issues_open_idx").on(t.since.desc()).where(sql`${t.acknowledgedAt} is null`),
  ],
);

// ---- Infrastructure ----

/**
 * Queued and scheduled work (platform/jobs, docs/decisions/0019). Workers claim a row with
 * `FOR UPDATE SKIP LOCKED` and hold it until `locked_until`; a row whose lock ran out (its worker died) is
 * claimed again. `unique_key` makes scheduled work idempotent: one row per schedule and period.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    /** `queued`, `running`, `done` or `failed` (gave up after max_attempts; last_error says why). */
    state: text("state").notNull().default("queued"),
    uniqueKey: text("unique_key"),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lastError: text("last_error"),
    /** The claim's token (worker id + a random part); completion only counts while it still matches. */
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * Whose work this is: the account that asked for it (a user id), or `site` for the site's own (schedules,
     * catch-ups). Each owner has a line of its own in a kind's queue (docs/decisions/0026).
     */
    owner: text("owner").notNull().default("site"),
    /**
     * The job's place in its kind's queue, claimed lowest first: an owner's jobs take consecutive places from
     * where the queue is now, so a new owner's job goes ahead of the next of another owner's backlog
     * (job-store.server.ts `queuePosition`, docs/decisions/0026).
     */
    position: bigint("position", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_unique_key_idx").on(t.uniqueKey),
    // The claim (docs/decisions/0045): its queued jobs in queue order, and whether a kind has anything due; both
    // only over queued rows, so neither a backlog's finished jobs nor the running ones are in them. run_after keeps
    // no statistics (migration 0016), so no plan of the claim depends on how many jobs the last ANALYZE saw due.
    index("jobs_queued_idx").on(t.kind, t.position, t.id, t.runAfter).where(sql`${t.state} = 'queued'`),
    index("jobs_due_idx").on(t.kind, t.runAfter).where(sql`${t.state} = 'queued'`),
    index("jobs_queue_idx").on(t.kind, t.state, t.position),
    index("jobs_owner_idx").on(t.owner, t.kind, t.state, t.position),
  ],
);

/**
 * A long import of /admin/import (more than IMPORT_JOB_ROWS rows, features/supplier-import/import-jobs.server.ts,
 * docs/decisions/0054): the file's text and the rows ticked, applied part by part by `wholesalers.import` jobs. `done`
 * (rows of the file gone through) moves in the transaction that writes each part, so a restarted server goes on
 * from there; `report` holds what the parts applied, and the whole report once `state` is `done`. The file's text is
 * dropped when the run ends.
 */
export const importRuns = pgTable(
  "import_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    fileName: text("file_name").notNull().default(""),
    content: text("content").notNull(),
    /** The ticked rows and curated changes: `{ rows: number[], fields: string[] }`. */
    choice: jsonb("choice").$type<{ rows: number[]; fields: string[] }>().notNull(),
    /** The admin the history names (wholesaler_changes' actor). */
    actor: jsonb("actor").$type<{ id: string | null; label: string }>().notNull(),
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    state: text("state").notNull().default("running"),
    report: jsonb("report").$type<Record<string, number>>().notNull().default({}),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  () => [check("import_runs_state_check", oneOf("state", ["running", "done", "failed"]))],
);

/** Fixed-window counters shared by every app process (login/signup limits, og:image lookups). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Answers of the og:image lookup, so a page is fetched at most once per expiry. */
export const ogImageCache = pgTable("og_image_cache", {
  url: text("url").primaryKey(),
  imageUrl: text("image_url"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Pictures of other sites (product images, supplier logos) as we serve them from our own origin
 * (platform/images, docs/decisions/0023): one row per source address, made `pending` when a row that
 * names it is saved, then `ready` (hash and sizes) or `failed` (why, in Korean and for the operator).
 */
export const images = pgTable(
  "images",
  {
    sourceUrl: text("source_url").primaryKey(),
    status: text("status", { enum: ["pending", "ready", "failed"] })
      .notNull()
      .default("pending"),
    /** 32 hex characters of the source bytes' SHA-256: the file names under /images/. */
    hash: text("hash"),
    sizes: jsonb("sizes").$type<ImageVariant[]>().notNull().default([]),
    /** What an admin reads (Korean), and the technical reason for the operator (English). */
    failure: text("failure"),
    failureDetail: text("failure_detail"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("images_hash_idx").on(t.hash)],
);

/**
 * The WebP and AVIF files themselves, in the database so every app server on one PostgreSQL serves every picture
 * (docs/spec/decisions.md 20); shared by sources with the same bytes.
 */
export const imageFiles = pgTable(
  "image_files",
  {
    hash: text("hash").notNull(),
    size: text("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The bytes with IMAGE_STORE=database; null where the file is in object storage (IMAGE_STORE=s3, docs/decisions/0033). */
    body: bytea("body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.size] })],
);

/**
 * How far a catch-up walk at start got (the picture catch-up: the last id of each table it has looked at), so
 * the next start walks only newer rows. Left out of backups, like the pictures: after a restore the walk
 * starts from the beginning again.
 */
export const catchUpMarks = pgTable("catch_up_marks", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/** Small key/value facts about this database, e.g. whether demo content was loaded once. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
