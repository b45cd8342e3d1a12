import { CompareButton } from "#app/features/compare/compare-button.tsx";
import { useCompareIds } from "#app/features/compare/use-compare-ids.ts";
import { FavoriteButton } from "#app/features/favorites/favorite-button.tsx";

/**
 * The buttons under a supplier on /list, /favorites and its detail page: compare (for everyone) and
 * favourite (`favorites` null for an anonymous visitor: the button then leads to /login).
 */
export function WholesalerCardActions({ wholesalerId, favorites }: { wholesalerId: number; favorites: readonly number[] | null }) {
  const compared = useCompareIds();
  return (
    <>
      <CompareButton wholesalerId={wholesalerId} chosen={compared.includes(wholesalerId)} />
      <FavoriteButton wholesalerId={wholesalerId} saved={favorites === null ? null : favorites.includes(wholesalerId)} />
    </>
  );
}
