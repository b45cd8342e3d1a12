import { Form, Link } from "react-router";
import { AdminTable } from "#app/components/admin-table.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import type { ImportReport } from "./wholesaler-import.server.ts";
import { ROW_STATUSES, type RowStatus } from "./wholesaler-import-limits.ts";
import type { ImportPlan, PlannedRow } from "./wholesaler-import-plan.ts";

const STATUS_TONE: Record<RowStatus, string> = {
  추가: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  변경: "bg-blue-50 text-blue-800 ring-blue-200",
  "검토 필요": "bg-amber-50 text-amber-900 ring-amber-200",
  중복: "bg-slate-100 text-slate-700 ring-slate-200",
  오류: "bg-rose-50 text-rose-800 ring-rose-200",
};

function StatusBadge({ status }: { status: RowStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_TONE[status]}`}>
      {status}
    </span>
  );
}

function Reasons({ row }: { row: PlannedRow }) {
  if (row.reasons.length === 0 && row.changes.length === 0) return <span className="text-slate-500">자체 사이트 첫 페이지입니다.</span>;
  return (
    <>
      {row.reasons.map((reason) => (
        <p key={reason}>{reason}</p>
      ))}
      {row.changes.some((change) => change.curated) ? (
        // Each change its own choice, now → file: a curated value is replaced only when its box is ticked.
        <fieldset className="mt-1 space-y-1">
          <legend className="sr-only">{row.name}: 바꿀 항목</legend>
          {row.changes.map((change) => {
            const id = `import-field-${row.row}-${change.field}`;
            return (
              <div key={change.field} className="flex items-start gap-1.5">
                <input
                  id={id}
                  type="checkbox"
                  name="field"
                  value={`${row.row}:${change.field}`}
                  defaultChecked={!change.curated}
                  className="mt-0.5 size-4 shrink-0"
                />
                <label htmlFor={id} className="break-all">
                  {change.label}: {change.before || "(비어 있음)"} → {change.after}
                  {change.curated ? <span className="ml-1 text-xs font-semibold text-amber-800">(정리된 값)</span> : null}
                </label>
              </div>
            );
          })}
        </fieldset>
      ) : row.changes.length ? (
        <ul className="mt-1 list-disc pl-5 text-slate-700">
          {row.changes.map((change) => (
            <li key={change.field} className="break-all">
              {change.label}: {change.before || "(비어 있음)"} → {change.after}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function PreviewRow({ row }: { row: PlannedRow }) {
  const checkboxId = `import-row-${row.row}`;
  return (
    <tr className="align-top">
      <td className="px-3 py-2">
        {row.applicable ? (
          <span className="flex items-center gap-1.5 whitespace-nowrap">
            <input id={checkboxId} type="checkbox" name="row" value={row.row} defaultChecked={row.ticked} className="size-4" />
            <label htmlFor={checkboxId} className="text-xs text-slate-600">
              가져오기
            </label>
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2 text-right tabular-nums text-slate-500">{row.row}</td>
      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
        {row.name || "(이름 없음)"}
        {row.target && row.target.name !== row.name ? (
          <span className="block text-xs font-normal text-slate-500">등록된 이름: {row.target.name}</span>
        ) : null}
      </th>
      <td className="max-w-[18rem] px-3 py-2">
        <span className="break-all text-slate-700">{row.siteUrl || "(없음)"}</span>
        {row.addressLabel ? <span className="block text-xs text-amber-800">{row.addressLabel}</span> : null}
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        {row.categoryFrom ? `${row.category || "(없음)"} ← ${row.categoryFrom}` : row.category || "(없음)"}
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={row.status} />
      </td>
      <td className="min-w-[16rem] px-3 py-2 text-slate-700">
        <Reasons row={row} />
      </td>
    </tr>
  );
}

/** The counts per status, in the contract's order. */
const PREVIEW_COLUMNS = ["가져오기", { label: "행", align: "right" }, "이름", "사이트 주소", "카테고리", "상태", "사유"] as const;

export function StatusCounts({ counts }: { counts: ImportPlan["counts"] }) {
  return (
    <ul className="flex flex-wrap gap-2 text-sm" aria-label="상태별 행 수">
      {ROW_STATUSES.map((status) => (
        <li key={status} className="flex items-center gap-1">
          <StatusBadge status={status} /> <span className="tabular-nums">{counts[status].toLocaleString("ko-KR")}행</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The preview as one form: a `가져오기` checkbox per row that can be applied (ticked for 추가 and 변경,
 * unticked for 검토 필요), the file's text sent back with it, and `가져오기 실행`. Works without JavaScript.
 */
export function ImportPreview({ plan, fileName, content }: { plan: ImportPlan; fileName: string; content: string }) {
  const applicable = plan.rows.some((row) => row.applicable);
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4">
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="fileName" value={fileName} />
      <textarea name="content" defaultValue={content} hidden readOnly aria-hidden="true" tabIndex={-1} />
      <StatusCounts counts={plan.counts} />
      <p className="text-sm text-slate-600">
        체크한 행만 가져옵니다. <strong>검토 필요</strong> 행은 체크해서 가져오면 공개하지 않고 검토 대기에 둡니다. 관리자가 쓴 요약이나
        공급사가 직접 관리하는 조건(공급사 제공)을 바꾸는 <strong>변경</strong> 행은 체크하지 않은 채로 두며, 항목마다 지금 값 → 파일 값과
        체크 상자를 보여 드립니다. 체크한 항목만 바꿉니다. 중복과 오류 행은 가져오지 않습니다.
      </p>
      <AdminTable columns={PREVIEW_COLUMNS} caption="가져오기 미리 보기: 행마다 상태와 사유" cell="px-3 py-2">
        {plan.rows.map((row) => (
          <PreviewRow key={row.row} row={row} />
        ))}
      </AdminTable>
      {applicable ? (
        <SubmitButton intent="apply" pendingLabel="가져오는 중...">
          가져오기 실행
        </SubmitButton>
      ) : (
        <p role="status" className="rounded-lg bg-slate-100 px-4 py-3 text-slate-700">
          가져올 수 있는 행이 없습니다.
        </p>
      )}
    </Form>
  );
}

/** After an import: how many rows were added, changed, sent to review, skipped and refused. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const n = (value: number) => value.toLocaleString("ko-KR");
  return (
    <div role="status" className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 px-5 py-4 text-emerald-900">
      <p className="font-semibold">가져오기를 마쳤습니다. 파일의 {n(report.total)}행 중:</p>
      <ul className="grid gap-1 sm:grid-cols-5">
        <li>추가 {n(report.added)}곳</li>
        <li>변경 {n(report.changed)}곳</li>
        <li>검토 대기 {n(report.review)}곳</li>
        <li>건너뜀 {n(report.skipped)}곳</li>
        <li>오류 {n(report.refused)}곳</li>
      </ul>
      <p className="text-sm">
        건너뜀은 체크하지 않은 행과 중복 행입니다. 검토 대기 도매처는 공개되지 않으며,{" "}
        <Link to="/admin/review" className="font-semibold text-blue-700 underline">
          검토 대기
        </Link>{" "}
        화면에서 확인한 뒤 공개하거나 삭제할 수 있습니다.
      </p>
    </div>
  );
}
