import { PageHeading } from "#app/components/page-heading.tsx";
import { openDataMadeAt } from "#app/features/open-data/open-data-files.server.ts";
import { RECORD_LABELS, TERM_LABELS_SHOWN } from "#app/features/open-data/open-data-records.server.ts";
import { formatDateTime } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import type { Route } from "./+types/data";

/** Plain links only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: "데이터 내려받기",
      description:
        "공개된 도매처의 이름, 카테고리, 사이트, 위탁 조건과 그 출처·확인일, 사업자 정보, 후기 점수를 CSV와 JSON으로 내려받을 수 있습니다.",
    },
    args,
  );

export function loader() {
  const made = (kind: "csv" | "json") => {
    const at = openDataMadeAt(kind);
    return at ? formatDateTime(at) : null;
  };
  return {
    license: siteConfig().dataLicense,
    csvMadeAt: made("csv"),
    jsonMadeAt: made("json"),
    termLabels: TERM_LABELS_SHOWN,
    recordLabels: RECORD_LABELS,
  };
}

export default function OpenData({ loaderData }: Route.ComponentProps) {
  const { license, csvMadeAt, jsonMadeAt, termLabels, recordLabels } = loaderData;
  const files = [
    { href: "/data/suppliers.csv", name: "suppliers.csv", kind: "CSV (엑셀에서 바로 열 수 있는 UTF-8)", madeAt: csvMadeAt },
    { href: "/data/suppliers.json", name: "suppliers.json", kind: "JSON", madeAt: jsonMadeAt },
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading>데이터 내려받기</PageHeading>
      <p className="text-slate-700">
        공개된 도매처의 공개 정보를 파일로 내려받을 수 있습니다. 검토 대기 중인 도매처와 개인에 관한 정보(연락처, 운영자, 후기 작성자, 증빙
        자료)는 들어 있지 않습니다.
      </p>
      <ul className="space-y-3">
        {files.map((file) => (
          <li key={file.href} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <a href={file.href} download={file.name} className="font-semibold text-blue-700 underline">
              {file.name}
            </a>
            <span className="ml-2 text-sm text-slate-600">{file.kind}</span>
            <p className="mt-1 text-sm text-slate-600">
              {file.madeAt ? `지금 파일은 ${file.madeAt}에 만들었습니다.` : "내려받는 순간의 자료로 만듭니다."} 파일은 10분마다 새로
              만듭니다.
            </p>
          </li>
        ))}
      </ul>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">들어 있는 항목</h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>번호, 이름, 카테고리, 사이트, 소개, 도매온 페이지 주소, 등록일</li>
          <li>위탁 조건 {termLabels.join(", ")}: 각 조건의 값과 출처, 확인일 (모르는 조건은 ‘확인 필요’)</li>
          <li>사업자 정보: {recordLabels.join(", ")}, 사업자 확인 여부</li>
          <li>후기 점수와 후기 수: 증빙이 확인된 후기가 3건 이상인 도매처만</li>
        </ul>
      </section>
      <p className="text-sm text-slate-700">
        <strong className="font-semibold">이용 조건</strong> {license}
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
