import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import {
  alertDigests,
  claimCodes,
  ogImageCache,
  rateLimits,
  session,
  user,
  userTokens,
  verification,
  wholesalerViews,
} from "#app/db/schema.ts";
import { countWholesalerView, createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { purgeExpired } from "./housekeeping.server.ts";

withTestDatabase();

const past = () => new Date(Date.now() - 60_000);
const future = () => new Date(Date.now() + 3_600_000);

test("purgeExpired deletes expired rate-limit windows, sessions, verification values, link tokens and cache rows, in batches, and nothing current", async () => {
  await db().insert(user).values({ id: "u1", email: "u1@example.com", name: "" });
  await db()
    .insert(rateLimits)
    .values([
      ...Array.from({ length: 7 }, (_, i) => ({ key: `old:${i}`, count: 1, resetAt: past() })),
      { key: "current", count: 1, resetAt: future() },
    ]);
  await db()
    .insert(session)
    .values([
      { id: "s-old", token: "t-old", userId: "u1", expiresAt: past() },
      { id: "s-new", token: "t-new", userId: "u1", expiresAt: future() },
    ]);
  await db()
    .insert(verification)
    .values([
      { id: "v-old", identifier: "x", value: "y", expiresAt: past() },
      { id: "v-new", identifier: "x", value: "y", expiresAt: future() },
    ]);
  await db()
    .insert(userTokens)
    .values([
      { tokenHash: "h-old", purpose: "reset-password", userId: "u1", expiresAt: past() },
      { tokenHash: "h-new", purpose: "verify-email", userId: "u1", expiresAt: future() },
    ]);
  await db()
    .insert(ogImageCache)
    .values([
      { url: "https://old.example/", imageUrl: null, expiresAt: past() },
      { url: "https://new.example/", imageUrl: null, expiresAt: future() },
    ]);

  const listing = await createWholesaler({
    name: "코드몰",
    category: "",
    siteUrl: "https://code.example/",
    contact: "",
    logoUrl: "",
    summary: "",
  });
  const second = await createWholesaler({
    name: "코드몰2",
    category: "",
    siteUrl: "https://code2.example/",
    contact: "",
    logoUrl: "",
    summary: "",
  });
  await db()
    .insert(claimCodes)
    .values([
      { wholesalerId: listing, userId: "u1", nonce: "n-old", codeHash: "c-old", expiresAt: past() },
      { wholesalerId: second, userId: "u1", nonce: "n-new", codeHash: "c-new", expiresAt: future() },
    ]);
  await db()
    .insert(alertDigests)
    .values([
      { userId: "u1", day: seoulDay(Date.now() - 91 * 86_400_000), throughChangeId: 1, subject: "s", body: "b", state: "sent" },
      { userId: "u1", day: seoulDay(), throughChangeId: 2, subject: "s", body: "b", state: "sent" },
    ]);

  // A batch of 3 needs several rounds for the 7 old windows.
  expect(await purgeExpired({ batchSize: 3 })).toEqual({
    rate_limits: 7,
    session: 1,
    verification: 1,
    user_tokens: 1,
    og_image_cache: 1,
    wholesaler_views: 0,
    claim_codes: 1,
    alert_digests: 1,
  });
  expect((await db().select({ nonce: claimCodes.nonce }).from(claimCodes)).map((r) => r.nonce)).toEqual(["n-new"]);
  expect((await db().select({ through: alertDigests.throughChangeId }).from(alertDigests)).map((r) => r.through)).toEqual([2]);
  expect((await db().select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(["current"]);
  expect((await db().select({ id: session.id }).from(session)).map((r) => r.id)).toEqual(["s-new"]);
  expect((await db().select({ id: verification.id }).from(verification)).map((r) => r.id)).toEqual(["v-new"]);
  expect((await db().select({ h: userTokens.tokenHash }).from(userTokens)).map((r) => r.h)).toEqual(["h-new"]);
  expect((await db().select({ url: ogImageCache.url }).from(ogImageCache)).map((r) => r.url)).toEqual(["https://new.example/"]);

  // Nothing left to do: a second run deletes nothing.
  expect(Object.values(await purgeExpired()).every((n) => n === 0)).toBe(true);
  expect(Number((await db().execute(sql`select count(*)::int as n from session`)).rows[0]?.n)).toBe(1);
});

test("a supplier's visitor rows older than two days are deleted by housekeeping, in batches, never by a page view", async () => {
  const id = await createWholesaler({ name: "조회 도매", category: "패션", siteUrl: "", contact: "", logoUrl: "", summary: "" });
  const now = new Date();
  const dayAgo = (days: number) => seoulDay(now.getTime() - days * 86_400_000);
  await db()
    .insert(wholesalerViews)
    .values([
      ...Array.from({ length: 5 }, (_, i) => ({ wholesalerId: id, day: dayAgo(3), visitor: `old-${i}` })),
      { wholesalerId: id, day: dayAgo(2), visitor: "two-days" },
      { wholesalerId: id, day: dayAgo(1), visitor: "yesterday" },
      { wholesalerId: id, day: dayAgo(0), visitor: "today" },
    ]);
  const visitors = async () =>
    (await db().select({ visitor: wholesalerViews.visitor }).from(wholesalerViews)).map((row) => row.visitor).sort();

  // A visitor's page view counts and deletes nothing, however long since the last purge.
  await countWholesalerView(id, "a-new-visitor", now);
  expect(await visitors()).toHaveLength(9);

  const counts = await purgeExpired({ batchSize: 2, now });
  expect(counts.wholesaler_views).toBe(5);
  expect(await visitors()).toEqual(["a-new-visitor", "today", "two-days", "yesterday"]);
});
