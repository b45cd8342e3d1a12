import { SITE_STATUS_LABELS, type SiteStatus } from "./site-status-labels.ts";

const TONE: Record<SiteStatus, string> = {
  ok: "bg-emerald-50 text-emerald-800",
  moved: "bg-amber-50 text-amber-800",
  down: "bg-rose-50 text-rose-700",
  unchecked: "bg-slate-100 text-slate-600",
};

/** `정상`, `주소 변경됨`, `연결 안 됨` or `확인 전`, as a small coloured label. */
export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${TONE[status]}`}>
      {SITE_STATUS_LABELS[status]}
    </span>
  );
}
