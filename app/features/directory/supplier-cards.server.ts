import { favoriteIdsAmong } from "#app/features/favorites/favorites.server.ts";
import { businessAlertsAmong } from "#app/features/official-records/official-records.server.ts";
import { reviewScoresAmong } from "#app/features/reviews/reviews.server.ts";
import { downAmong } from "#app/features/site-checks/site-checks.server.ts";
import type { WholesalerCard } from "#app/features/wholesalers/wholesaler-types.ts";
import type { SessionUser } from "#app/platform/auth/auth.server.ts";
import { imagesFor } from "#app/platform/images/images.server.ts";
import type { CardExtras } from "./card-extras.ts";

/**
 * One page of supplier cards for one viewer (issue #39: /list, /favorites and every other page that draws them read
 * the same): each card's logo (our copy) and the extras, each gathered with one query for the page's ids, never per
 * card. A new card label is added here, so no page can draw the card without it.
 */
export async function supplierCards<T extends WholesalerCard>(items: T[], viewer: Pick<SessionUser, "id"> | null) {
  const ids = items.map((item) => item.id);
  const [favorites, down, logos, businessAlerts, reviewScores] = await Promise.all([
    viewer ? favoriteIdsAmong(viewer.id, ids) : null,
    downAmong(ids),
    imagesFor(items.map((item) => item.logoUrl)),
    businessAlertsAmong(ids),
    reviewScoresAmong(ids),
  ]);
  const extras: CardExtras = { favorites, siteDownIds: [...down], businessAlerts, reviewScores };
  return { items: items.map((item) => ({ ...item, logo: logos.get(item.logoUrl) ?? null })), extras };
}
