import type { BusinessAlert } from "#app/features/official-records/record-words.ts";
import type { ReviewScore } from "#app/features/wholesalers/wholesaler-card.tsx";

/** What a supplier card shows beside the supplier's own row: the same on every page that draws cards. */
export type CardExtras = {
  /** The viewer's favourites among the cards, or null for an anonymous visitor (찜하기 then leads to sign-in). */
  favorites: number[] | null;
  /** Suppliers whose site does not answer (`연결 안 됨`, features/site-checks). */
  siteDownIds: number[];
  /** The 국세청's 폐업자 and 휴업자 among them (features/official-records). */
  businessAlerts: Record<number, BusinessAlert>;
  /** `후기 <average> · <n>건` for those with 3 or more counted reviews (features/reviews). */
  reviewScores: Record<number, ReviewScore>;
};

export const NO_CARD_EXTRAS: CardExtras = { favorites: null, siteDownIds: [], businessAlerts: {}, reviewScores: {} };
