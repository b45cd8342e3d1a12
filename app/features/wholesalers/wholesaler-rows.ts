import { NO_CATEGORY_LABEL } from "#app/db/categories.ts";
import { UNKNOWN_LABEL } from "./wholesaler-terms.ts";

/** A labelled value of a supplier's page (and of /compare's rows). */
export type SupplierRow = { label: string; value: string; href?: string };

/** What the first release's rows are read from. */
export type FirstReleaseFacts = {
  category: string;
  delivery: string;
  purchase: string;
  international: string;
  contact: string;
  views: number | null;
};

/** The site check's words, decided by the loader (features/site-checks). */
export type SiteState = { status: string; checkedDay: string | null };

/** `확인 전` for a check not yet run (site-checks' `unchecked`). */
const BEFORE_CHECK = "확인 전";

/**
 * The first release's rows of /wholesaler/{id}, in its order, then the site check's two rows: the detail
 * page and /compare show the same rows with the same words (an empty fact is `확인 필요`).
 */
export function firstReleaseRows(w: FirstReleaseFacts, site: SiteState): SupplierRow[] {
  const fact = (value: string) => value.trim() || UNKNOWN_LABEL;
  return [
    { label: "카테고리", value: w.category || NO_CATEGORY_LABEL },
    { label: "배송 방식", value: fact(w.delivery) },
    { label: "사입 여부", value: fact(w.purchase) },
    { label: "해외 배송", value: fact(w.international) },
    { label: "연락처", value: fact(w.contact) },
    { label: "조회수", value: (w.views ?? 0).toLocaleString("ko-KR") },
    { label: "사이트 상태", value: site.status },
    { label: "마지막 확인", value: site.checkedDay ?? BEFORE_CHECK },
  ];
}
