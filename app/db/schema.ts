import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Search support shared by every searchable table: `search_grams` holds the 1- and 2-character
 * grams of the lower-cased name and of its 초성 (computed in code on write, see
 * features/search/korean-search.ts) so a GIN index answers one- and two-syllable words and 초성 queries;
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

// ---- Directory ----

/** One record with every field of both legacy wholesaler shapes (decisions.md §11). */
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
    website: text("website").notNull().default(""),
    image: text("image").notNull().default(""),
    /** Lower-cased host of siteUrl/website: the import matches existing suppliers by it. */
    siteHost: text("site_host").notNull().default(""),
    views: integer("views").notNull().default(0),
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("wholesalers_search_grams_idx").using("gin", t.searchGrams),
    index("wholesalers_views_idx").on(t.views.desc(), t.id.desc()),
    index("wholesalers_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("wholesalers_name_idx").on(t.name, t.id),
    index("wholesalers_category_idx").on(t.category),
    index("wholesalers_site_host_idx").on(t.siteHost),
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
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull().default(""),
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_search_grams_idx").using("gin", t.searchGrams),
    index("products_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("products_created_by_idx").on(t.createdBy),
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
  ],
);

export const sellerNotes = pgTable(
  "seller_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    /** Sanitised HTML (features/notes/note-html.server.ts); never stored unsanitised. */
    content: text("content").notNull(),
    /** The writer's e-mail; shown as `관리자` when empty. */
    author: text("author").notNull().default(""),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [index("seller_notes_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

// ---- Infrastructure ----

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

/** Small key/value facts about this database, e.g. whether demo content was loaded once. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
