import { useEffect, useRef, useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { toast } from "#app/components/browser-messages.ts";
import { FileField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { ImportPreview, ImportReportView } from "#app/features/supplier-import/import-preview.tsx";
import {
  COLUMNS_HELP,
  IMPORT_JOB_ROWS,
  importProgressLabel,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  tooLargeMessage,
} from "#app/features/supplier-import/wholesaler-import-limits.ts";
import {
  type ImportActionResult,
  importWholesalersAction,
  loadImportPage,
} from "#app/features/supplier-import/wholesaler-review.server.ts";
import { failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/import-wholesalers";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "도매처 일괄 가져오기", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

/** `?run=<id>`: a long import's progress, then its report (import-jobs.server.ts). */
export function loader({ request }: Route.LoaderArgs) {
  return loadImportPage(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return importWholesalersAction(request, context.get(adminContext));
}

export default function ImportWholesalers({ actionData, loaderData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const result = actionData && !failure ? (actionData as ImportActionResult) : undefined;
  // With JavaScript an oversized file is refused before it is sent (the server refuses it too, with a 413).
  const [tooLarge, setTooLarge] = useState(false);

  useEffect(() => {
    if (result?.stage === "done") toast.success("가져오기를 마쳤습니다.");
    if (failure) toast.error(failure.message);
  }, [result, failure]);

  return (
    <>
      <PageHeading>도매처 일괄 가져오기</PageHeading>
      <div className="max-w-3xl space-y-3 rounded-xl border border-slate-200 bg-white p-5 text-sm leading-relaxed text-slate-700 shadow-sm">
        <p>
          CSV(쉼표 또는 탭 구분) 또는 JSON 파일로 여러 도매처를 한 번에 등록합니다. 미리 보기에서 행마다 <strong>추가</strong>,{" "}
          <strong>변경</strong>, <strong>검토 필요</strong>, <strong>중복</strong>, <strong>오류</strong> 중 하나와 그 사유를 보여 드리고,
          체크한 행만 가져옵니다.
        </p>
        <p>
          사이트 주소가 도매처 자체 사이트의 첫 페이지가 아닌 행(구인구직·기업 정보·백과사전·뉴스·블로그·SNS 페이지, 개인정보처리방침·로그인
          페이지, PDF 같은 문서)은 <strong>검토 필요</strong>로 표시되며, 가져오더라도 공개하지 않고{" "}
          <Link to="/admin/review" className="font-medium text-blue-700 underline">
            검토 대기
          </Link>
          에 둡니다. 이미 등록된 도매처의 이름은 바꾸지 않고, https 주소를 http로, 첫 페이지 주소를 하위 페이지로 바꾸지 않으며, 파일의 빈
          칸은 저장된 값을 지우지 않습니다. 카테고리는 카테고리 정리와 같은 규칙으로 정리합니다.
        </p>
        <p>
          사용할 수 있는 열: {COLUMNS_HELP}. 이름은 꼭 있어야 합니다. 파일은 {MAX_IMPORT_BYTES / 1024 / 1024}MB,{" "}
          {MAX_IMPORT_ROWS.toLocaleString("ko-KR")}행까지 가져올 수 있습니다. {IMPORT_JOB_ROWS}행이 넘는 파일은 뒤에서 나누어 가져오며, 이
          화면에서 진행 상황을 보여 드립니다(서버가 다시 시작해도 이어서 가져옵니다).
        </p>
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-col gap-3 pt-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            const file = new FormData(event.currentTarget).get("file");
            const over = file instanceof File && file.size > MAX_IMPORT_BYTES;
            setTooLarge(over);
            if (over) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="preview" />
          <FileField
            label="가져올 파일 (CSV 또는 JSON)"
            name="file"
            accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,text/plain,application/json"
          />
          <SubmitButton intent="preview" pendingLabel="확인 중...">
            미리 보기
          </SubmitButton>
        </Form>
      </div>

      {loaderData.run || loaderData.missing ? <ImportRunStatus run={loaderData.run} /> : null}

      {tooLarge || failure ? (
        <p role="alert" className="mt-6 max-w-3xl rounded-lg bg-rose-50 px-4 py-3 text-rose-700">
          {tooLarge ? tooLargeMessage() : failure?.message}
        </p>
      ) : null}

      {!tooLarge && result?.stage === "preview" ? (
        <section aria-labelledby="import-preview-heading" className="mt-8">
          <h2 id="import-preview-heading" className="mb-1 text-lg font-semibold">
            미리 보기{result.fileName ? `: ${result.fileName}` : ""}
          </h2>
          <p className="mb-4 text-sm text-slate-600">아직 아무것도 저장하지 않았습니다.</p>
          {result.ignoredColumns.length ? (
            <p className="mb-4 text-sm text-amber-700">알 수 없는 열은 무시합니다: {result.ignoredColumns.join(", ")}</p>
          ) : null}
          <ImportPreview plan={result.plan} fileName={result.fileName} content={result.content} />
        </section>
      ) : null}

      {result?.stage === "done" ? (
        <section aria-labelledby="import-done-heading" className="mt-8 max-w-3xl">
          <h2 id="import-done-heading" className="mb-3 text-lg font-semibold">
            가져오기 결과{result.fileName ? `: ${result.fileName}` : ""}
          </h2>
          <ImportReportView report={result.report} />
        </section>
      ) : null}
    </>
  );
}

type Run = Route.ComponentProps["loaderData"]["run"];

/** Seconds between two looks at a running import (the page reloads itself without JavaScript). */
const PROGRESS_REFRESH_SECONDS = 2;

/**
 * A long import: `가져오는 중 <n>/<total>` while it runs, brought up to date every second with JavaScript and by the
 * page reloading itself without it (a refresh inside <noscript>, which a browser running scripts never reads); then
 * the same report as a short import, or why it stopped.
 */
function ImportRunStatus({ run }: { run: Run }) {
  const { revalidate, state } = useRevalidator();
  // Read by the timer: a look still on its way is not asked for again.
  const looking = useRef(false);
  looking.current = state !== "idle";
  const running = run?.state === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (!looking.current) void revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [running, revalidate]);

  if (!run) {
    return (
      <p role="alert" className="mt-6 max-w-3xl rounded-lg bg-rose-50 px-4 py-3 text-rose-700">
        가져오기 기록을 찾을 수 없습니다.
      </p>
    );
  }
  const title = run.fileName ? `: ${run.fileName}` : "";
  if (run.state === "running") {
    return (
      <section aria-labelledby="import-run-heading" className="mt-8 max-w-3xl">
        <noscript>
          <meta httpEquiv="refresh" content={String(PROGRESS_REFRESH_SECONDS)} />
        </noscript>
        <h2 id="import-run-heading" className="mb-3 text-lg font-semibold">
          가져오기 진행{title}
        </h2>
        <div role="status" className="space-y-2 rounded-xl border border-blue-200 bg-blue-50 px-5 py-4 text-blue-900">
          <p className="font-semibold tabular-nums">{importProgressLabel(run.done, run.total)}</p>
          <progress max={run.total} value={run.done} className="h-2 w-full" aria-label="가져오기 진행률" />
          <p className="text-sm">다른 화면으로 가도 가져오기는 계속됩니다. 이 주소로 돌아오면 결과를 볼 수 있습니다.</p>
        </div>
      </section>
    );
  }
  if (run.state === "failed") {
    return (
      <p role="alert" className="mt-6 max-w-3xl rounded-lg bg-rose-50 px-4 py-3 text-rose-700">
        가져오기가 {run.done.toLocaleString("ko-KR")}/{run.total.toLocaleString("ko-KR")}행에서 멈췄습니다. 그때까지 가져온 행은
        저장되었습니다. 같은 파일을 다시 가져오면 남은 행만 더해집니다.
      </p>
    );
  }
  return (
    <section aria-labelledby="import-run-heading" className="mt-8 max-w-3xl">
      <h2 id="import-run-heading" className="mb-3 text-lg font-semibold">
        가져오기 결과{title}
      </h2>
      {run.report ? <ImportReportView report={run.report} /> : null}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
