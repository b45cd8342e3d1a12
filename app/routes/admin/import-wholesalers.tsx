import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "sonner";
import { ErrorMessage } from "#app/components/error-message.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { AdminNav } from "#app/components/admin-nav.tsx";
import { ImportPreview } from "#app/features/wholesalers/import-preview.tsx";
import { importWholesalersAction } from "#app/features/wholesalers/wholesaler-actions.server.ts";
import { COLUMNS_HELP, MAX_IMPORT_ROWS } from "#app/features/wholesalers/wholesaler-import-file.ts";
import { requireAdmin } from "#app/lib/auth.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/import-wholesalers";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "도매처 일괄 가져오기", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export function action({ request }: Route.ActionArgs) {
  return importWholesalersAction(request);
}

const button = "rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:opacity-60";

export default function ImportWholesalers({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const result = actionData ?? undefined;

  useEffect(() => {
    if (result?.stage === "done") toast.success("가져오기를 마쳤습니다.");
    if (result?.stage === "error") toast.error(result.error);
  }, [result]);

  return (
    <>
      <PageHeading>도매처 일괄 가져오기</PageHeading>
      <AdminNav />
      <div className="max-w-3xl space-y-3 rounded-xl border border-slate-200 bg-white p-5 text-sm leading-relaxed text-slate-700 shadow-sm">
        <p>
          CSV 또는 JSON 파일로 여러 도매처를 한 번에 등록합니다. 먼저 미리 보기로 추가·수정·제외될 행을 확인한 뒤 가져오기를 실행하세요.
          같은 사이트 주소의 도매처가 이미 있으면 새로 만들지 않고 그 도매처를 수정하며, 파일의 빈 칸은 저장된 값을 지우지 않습니다.
        </p>
        <p>
          사용할 수 있는 열: {COLUMNS_HELP}. 이름과 사이트 주소는 꼭 있어야 합니다. 파일은 2MB, {MAX_IMPORT_ROWS.toLocaleString("ko-KR")}행까지
          가져올 수 있습니다.
        </p>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3 pt-2 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="preview" />
          <div className="flex-1">
            <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
              가져올 파일 (CSV 또는 JSON)
            </label>
            <input
              id="import-file"
              type="file"
              name="file"
              required
              accept=".csv,.json,text/csv,application/json"
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            />
          </div>
          <button type="submit" disabled={Boolean(busy)} className={button}>
            {busy === "preview" ? "확인 중..." : "미리 보기"}
          </button>
        </Form>
      </div>

      {result?.stage === "error" ? (
        <p role="alert" className="mt-6 max-w-3xl rounded-lg bg-rose-50 px-4 py-3 text-rose-700">
          {result.error}
        </p>
      ) : null}

      {result?.stage === "preview" ? (
        <section aria-labelledby="import-preview-heading" className="mt-8 max-w-4xl">
          <h2 id="import-preview-heading" className="mb-1 text-lg font-semibold">
            미리 보기{result.fileName ? `: ${result.fileName}` : ""}
          </h2>
          <p className="mb-4 text-sm text-slate-600">아직 아무것도 저장하지 않았습니다.</p>
          {result.ignoredColumns.length ? (
            <p className="mb-4 text-sm text-amber-700">알 수 없는 열은 무시합니다: {result.ignoredColumns.join(", ")}</p>
          ) : null}
          <ImportPreview plan={result.plan} />
          {result.plan.add.length + result.plan.update.length > 0 ? (
            <Form method="post" encType="multipart/form-data" className="mt-6">
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="fileName" value={result.fileName} />
              <textarea name="content" defaultValue={result.content} hidden readOnly />
              <button type="submit" disabled={Boolean(busy)} className={button}>
                {busy === "apply" ? "가져오는 중..." : "가져오기 실행"}
              </button>
            </Form>
          ) : (
            <p role="status" className="mt-6 rounded-lg bg-slate-100 px-4 py-3 text-slate-700">
              추가하거나 수정할 도매처가 없습니다.
            </p>
          )}
        </section>
      ) : null}

      {result?.stage === "done" ? (
        <section aria-labelledby="import-done-heading" className="mt-8 max-w-3xl">
          <h2 id="import-done-heading" className="mb-3 text-lg font-semibold">
            가져오기 결과
          </h2>
          <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-emerald-800">
            가져오기를 마쳤습니다. 추가 {result.summary.add}곳, 수정 {result.summary.update}곳, 변경 없음 {result.summary.unchanged}곳, 제외{" "}
            {result.summary.refused}곳.
          </p>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorMessage error={error} />;
}
