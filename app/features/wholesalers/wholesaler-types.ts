import type { ReportedTermSources, WholesalerTerms } from "#app/db/term-values.ts";
import type { ImageView } from "#app/lib/images.ts";

/** What a card on /list shows. */
export type WholesalerCard = {
  id: number;
  /** `published` (공개) or `review` (검토 대기, seen by admins only). */
  status: "published" | "review";
  name: string;
  summary: string;
  category: string;
  siteUrl: string;
  logoUrl: string;
  /** Our copy of the logo when it is ready (platform/images); left out where no logo is shown. */
  logo?: ImageView | null;
  views: number;
  /** The known-true terms as bits (db/term-values.ts FACTS), for the card's small labels. */
  factMask: number;
  /** For the shipping label (`무료 배송` or `<N>원 이상 무료`); a card built without them says `무료 배송`. */
  shippingFee?: number | null;
  freeShippingOver?: number | null;
};

export type WholesalerDetail = WholesalerCard &
  WholesalerTerms & {
    contact: string;
    delivery: string;
    purchase: string;
    international: string;
    /** When a manager last saved the terms (`조건 출처` `공급사 제공`); null otherwise. */
    termsSuppliedAt: Date | null;
    /** The terms a seller's report set, with its evidence (`조건 출처` per term). */
    termSources: ReportedTermSources;
    createdAt: Date;
    updatedAt: Date;
  };

/** A column of /compare: every fact of the detail page's rows (the first release's, and every term). */
export type WholesalerComparison = Pick<WholesalerCard, "id" | "name" | "category" | "siteUrl" | "views"> &
  Pick<WholesalerDetail, "delivery" | "purchase" | "international" | "contact"> &
  WholesalerTerms & { termsSuppliedAt: Date | null; termSources: ReportedTermSources };
