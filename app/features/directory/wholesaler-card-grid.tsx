import { STATE_LABELS } from "../official-records/record-words.ts";
import { WHOLESALER_GRID_CLASS, WholesalerCard } from "../wholesalers/wholesaler-card.tsx";
import type { WholesalerCard as Card } from "../wholesalers/wholesaler-types.ts";
import type { CardExtras } from "./card-extras.ts";
import { WholesalerCardActions } from "./wholesaler-card-actions.tsx";

/**
 * A page of supplier cards with their compare and favourite buttons (/list, /favorites and the bench's reference
 * page), each with the extras `supplierCards` gathered for the page. The first eight pictures load at once, the
 * rest as they scroll in.
 */
export function WholesalerCardGrid({
  items,
  extras,
  news,
}: {
  items: Card[];
  extras: CardExtras;
  /** A line per card of what is new about it (/updates), by supplier id. */
  news?: Record<number, string>;
}) {
  const { favorites, siteDownIds, businessAlerts, reviewScores } = extras;
  return (
    <ul className={WHOLESALER_GRID_CLASS}>
      {items.map((wholesaler, index) => (
        <WholesalerCard
          key={wholesaler.id}
          wholesaler={wholesaler}
          eager={index < 8}
          siteDown={siteDownIds.includes(wholesaler.id)}
          businessAlert={businessAlerts[wholesaler.id] ? STATE_LABELS[businessAlerts[wholesaler.id]!] : null}
          reviewScore={reviewScores[wholesaler.id] ?? null}
          news={news?.[wholesaler.id] ?? null}
          actions={<WholesalerCardActions wholesalerId={wholesaler.id} favorites={favorites} />}
        />
      ))}
    </ul>
  );
}
