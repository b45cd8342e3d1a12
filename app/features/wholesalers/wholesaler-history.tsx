import { formatDate } from "#app/lib/format.ts";
import type { HistoryEntry } from "./wholesaler-history.server.ts";
import { TERM_LABELS } from "./wholesaler-terms.ts";

const FIELD_LABELS: Record<string, string> = {
  name: "이름",
  category: "카테고리",
  siteUrl: "사이트 URL",
  logoUrl: "로고 URL",
  contact: "연락처",
  summary: "요약",
  delivery: "배송 방식",
  purchase: "사입 여부",
  international: "해외 배송",
  ...TERM_LABELS,
  // The official records' change events (features/official-records).
  ntsState: "국세청 상태",
};

const ACTIONS: Record<string, string> = { create: "등록", update: "수정", delete: "삭제" };
const SOURCES: Record<string, string> = {
  "admin-form": "관리자 양식",
  "simple-form": "간편 등록",
  "category-cleanup": "카테고리 정리",
  import: "일괄 가져오기",
  review: "검토 대기",
  "official-records": "공식 기록",
  "site-check": "사이트 점검",
  supplier: "공급사 수정",
  "seller-report": "셀러 제보",
  "claim-document": "운영자 인증 심사",
};

const timeFormat = new Intl.DateTimeFormat("ko-KR", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Asia/Seoul" });

/** `변경 이력` on the edit page: newest first, who, when, with which tool, each field before → after. */
export function WholesalerHistory({ entries }: { entries: (Omit<HistoryEntry, "createdAt"> & { createdAt: Date | string })[] }) {
  return (
    <section aria-labelledby="history-heading" className="mt-10 max-w-3xl">
      <h2 id="history-heading" className="mb-3 text-lg font-semibold text-slate-900">
        변경 이력
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">기록된 변경이 없습니다.</p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="px-4 py-3">
              <p className="text-slate-600">
                <time dateTime={new Date(entry.createdAt).toISOString()}>
                  {formatDate(entry.createdAt)} {timeFormat.format(new Date(entry.createdAt))}
                </time>{" "}
                · {entry.actorLabel} · {SOURCES[entry.source] ?? entry.source} {ACTIONS[entry.action] ?? entry.action}
              </p>
              {entry.changes.length > 0 ? (
                <ul className="mt-1 space-y-0.5">
                  {entry.changes.map((change) => (
                    <li key={change.field} className="break-words">
                      <span className="font-medium text-slate-800">{FIELD_LABELS[change.field] ?? change.field}</span>:{" "}
                      {change.before || "(비어 있음)"} → {change.after || "(비어 있음)"}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** `조건 변경 이력` on /wholesaler/{id}: `<date> <label>: <before> → <after>`, newest first, without who made it. */
export function TermHistory({
  entries,
}: {
  entries: { id: number; day: string; changes: { label: string; before: string; after: string }[] }[];
}) {
  return (
    <section aria-labelledby="term-history-heading" className="mt-8">
      <h2 id="term-history-heading" className="text-lg font-semibold text-slate-900">
        조건 변경 이력
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">기록된 조건 변경이 없습니다.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-5 text-sm">
          {entries.flatMap((entry) =>
            entry.changes.map((change) => (
              <li key={`${entry.id}-${change.label}`} className="py-2 text-slate-700">
                {entry.day} <span className="font-medium text-slate-900">{change.label}</span>: {change.before} → {change.after}
              </li>
            )),
          )}
        </ol>
      )}
    </section>
  );
}
