import { and, count, eq, inArray, sql } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { descNullsLast } from "#app/db/order.ts";
import { favorites, wholesalers } from "#app/db/schema.ts";
import { PENDING_ACTION_FIELD, parsePendingAction } from "#app/features/users/pending-action.ts";
import type { WholesalerCard } from "#app/features/wholesalers/wholesaler-types.ts";
import { cardColumns, publishedOnly } from "#app/features/wholesalers/wholesalers.server.ts";
import { buttonPostAnswer } from "#app/lib/button-post.server.ts";
import { parseIdParam } from "#app/lib/url-params.ts";

/**
 * A signed-in user's favourites (찜). Every function takes the user's id from the session (never from
 * a form), so a request can only read or change its own user's list.
 */

export const FAVORITES_PER_PAGE = 40;

/** Saves a supplier; "missing" when there is no such supplier (nothing is written then). */
export async function addFavorite(userId: string, wholesalerId: number): Promise<"added" | "missing"> {
  try {
    // One statement: the row is only inserted if the supplier exists and is published, and saving twice is harmless.
    await db().execute(
      sql`INSERT INTO ${favorites} (user_id, wholesaler_id) SELECT ${userId}, ${wholesalers.id} FROM ${wholesalers} WHERE ${wholesalers.id} = ${wholesalerId} AND ${publishedOnly} ON CONFLICT DO NOTHING`,
    );
  } catch (error) {
    // The supplier was deleted between the SELECT and the foreign-key check.
    if (pgCode(error) === "23503") return "missing";
    throw error;
  }
  const [saved] = await db()
    .select({ id: favorites.wholesalerId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.wholesalerId, wholesalerId)));
  return saved ? "added" : "missing";
}

export async function removeFavorite(userId: string, wholesalerId: number): Promise<void> {
  await db()
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.wholesalerId, wholesalerId)));
}

/** Which of `ids` (the cards of one page) the user has saved. */
export async function favoriteIdsAmong(userId: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db()
    .select({ id: favorites.wholesalerId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.wholesalerId, [...ids])));
  return rows.map((row) => row.id);
}

/** One page of the user's saved suppliers as /list cards, newest saved first, with the exact total. */
export async function listFavorites(userId: string, page: number, perPage = FAVORITES_PER_PAGE) {
  // A saved supplier that was sent back to review is hidden until it is published again.
  const mine = and(eq(favorites.userId, userId), publishedOnly);
  const [[counted], items] = await Promise.all([
    db().select({ n: count() }).from(favorites).innerJoin(wholesalers, eq(wholesalers.id, favorites.wholesalerId)).where(mine),
    db()
      .select(cardColumns)
      .from(favorites)
      .innerJoin(wholesalers, eq(wholesalers.id, favorites.wholesalerId))
      .where(mine)
      // NULLS LAST like favorites_user_created_idx, so the page is read from the index in order.
      .orderBy(descNullsLast(favorites.createdAt), descNullsLast(favorites.wholesalerId))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const total = counted?.n ?? 0;
  return { items: items as WholesalerCard[], total, page, pageCount: Math.max(1, Math.ceil(total / perPage)) };
}

function pgCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

const NOT_FOUND = "도매처를 찾을 수 없습니다.";

/**
 * POST /favorites: `intent` add / remove with the supplier's `id`, for the signed-in user only
 * (anonymous: 401). Saving a supplier that does not exist answers `도매처를 찾을 수 없습니다.` (404)
 * and writes nothing.
 */
export async function favoriteAction(userId: string, form: FormData) {
  const intent = form.get("intent");
  const id = parseIdParam(form.get("id"));
  const fallback = "/favorites";
  if (intent === "remove") {
    if (id !== null) await removeFavorite(userId, id);
    return buttonPostAnswer(form, { ok: true, fallback });
  }
  if (intent !== "add") return buttonPostAnswer(form, { ok: false, message: "요청을 처리할 수 없습니다.", fallback });
  if (id === null || (await addFavorite(userId, id)) === "missing")
    return buttonPostAnswer(form, { ok: false, message: NOT_FOUND, fallback });
  return buttonPostAnswer(form, { ok: true, fallback });
}

/**
 * What a 찜 pressed while signed out leads to once the person signed in (features/users/pending-action.ts): the
 * login and sign-up actions call this in their own POST (their routes pass it in), and add the words it returns to
 * their success message.
 */
export async function finishPendingFavorite(userId: string, form: FormData): Promise<string> {
  const pending = parsePendingAction(form.get(PENDING_ACTION_FIELD));
  if (!pending) return "";
  const saved = await addFavorite(userId, pending.wholesalerId);
  return saved === "added" ? " 찜 목록에 저장했습니다." : " 찜할 도매처를 찾을 수 없습니다.";
}
