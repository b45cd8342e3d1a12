import { type BusinessAlert, STATE_LABELS } from "../official-records/record-words.ts";
import { type ReviewScore, WHOLESALER_GRID_CLASS, WholesalerCard } from "../wholesalers/wholesaler-card.tsx";
import type { WholesalerCard as Card } from "../wholesalers/wholesaler-types.ts";
import { WholesalerCardActions } from "./wholesaler-card-actions.tsx";

/**
 * A page of supplier cards with their compare and favourite buttons (/list, /favorites and the bench's reference
 * page). The first eight pictures load at once, the rest as they scroll in.
 */
export function WholesalerCardGrid({
  items,
  favorites,
  siteDownIds = [],
  businessAlerts = {},
  reviewScores = {},
}: {
  items: Card[];
  /** The visitor's favourites among them, or null for an anonymous visitor. */
  favorites: readonly number[] | null;
  siteDownIds?: readonly number[];
  /** The 국세청's 폐업자 and 휴업자 among them (official-records.server.ts businessAlertsAmong). */
  businessAlerts?: Readonly<Record<number, BusinessAlert>>;
  /** `후기 <average> · <n>건` for those with 3 or more counted reviews (reviews.server.ts reviewScoresAmong). */
  reviewScores?: Readonly<Record<number, ReviewScore>>;
}) {
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
          actions={<WholesalerCardActions wholesalerId={wholesaler.id} favorites={favorites} />}
        />
      ))}
    </ul>
  );
}
