import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { AdminTable } from "#app/components/admin-table.tsx";
import { ConfirmSubmitButton } from "#app/components/confirm-dialog.tsx";
import { DeleteConfirmation } from "#app/components/delete-confirmation.tsx";
import { FileField, TextField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { adminExternalProductsAction } from "#app/features/external-products/external-product-actions.server.ts";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "#app/features/external-products/external-product-import-limits.ts";
import { externalProductSchema } from "#app/features/external-products/external-product-schema.ts";
import { listExternalProducts } from "#app/features/external-products/external-products.server.ts";
import { deleteConfirmationOf } from "#app/lib/confirm-before-delete.ts";
import { failedValue, failureOf, inputHints } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { safeHttpUrl } from "#app/lib/safe-url.ts";
import { parsePageParam } from "#app/lib/url-params.ts";
import type { Route } from "./+types/external-products";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "외부 인기 상품 관리", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

const PER_PAGE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  return listExternalProducts({ page, perPage: PER_PAGE });
}

export function action({ request }: Route.ActionArgs) {
  return adminExternalProductsAction(request);
}

const alertClass = "rounded-lg bg-rose-50 px-3 py-2 text-sm font-medium text-rose-700";

export default function AdminExternalProducts({ loaderData, actionData }: Route.ComponentProps) {
  // The add form's failure carries what was typed; any other refusal (import, delete) is shown on top.
  const failure = failureOf(actionData);
  const formError = failure && Object.keys(failure.values).length > 0 ? failure : null;
  const importError = failure && !formError ? failure : null;
  const field = (name: keyof typeof externalProductSchema.shape) => ({
    name,
    defaultValue: failedValue(formError, name),
    ...inputHints(externalProductSchema, name),
    ...(formError?.errors[name] ? { "aria-invalid": true as const, "aria-describedby": "external-form-error" } : {}),
  });
  const preview = actionData && "kind" in actionData && actionData.kind === "preview" ? actionData : null;

  // A delete sent without confirm=1 (no JavaScript yet): the server asks first (lib/confirm-before-delete.ts).
  const confirmDelete = deleteConfirmationOf(actionData);
  if (confirmDelete) return <DeleteConfirmation fields={confirmDelete} />;
  return (
    <>
      <PageHeading>외부 인기 상품 관리</PageHeading>
      {importError ? (
        <p role="alert" className={`mb-6 ${alertClass}`}>
          {importError.message}
        </p>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="external-new" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="external-new" className="mb-4 text-lg font-bold">
            새 상품 등록
          </h2>
          <Form method="post" className="space-y-4" key={formError ? "retry" : "fresh"}>
            <input type="hidden" name="intent" value="create" />
            <TextField label="상품명" {...field("title")} />
            <TextField label="상품 URL" placeholder="https://" {...field("productUrl")} />
            <TextField
              label="이미지 URL"
              placeholder="https://"
              hint="비워 두면 상품 페이지의 대표 이미지를 서버에서 찾아 저장합니다."
              {...field("imageUrl")}
            />
            <TextField label="가격" placeholder="예: 29,900원~" hint="입력한 그대로 보여 줍니다." {...field("price")} />
            {formError ? (
              <p id="external-form-error" role="alert" className={alertClass}>
                {formError.message}
              </p>
            ) : null}
            <SubmitButton intent="create" pendingLabel="등록 중...">
              등록
            </SubmitButton>
          </Form>
        </section>

        <section aria-labelledby="external-import" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="external-import" className="mb-4 text-lg font-bold">
            파일로 가져오기
          </h2>
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <input type="hidden" name="intent" value="preview-import" />
            <FileField
              label="가져올 파일 (JSON 또는 CSV)"
              name="file"
              accept=".json,.csv,application/json,text/csv"
              help={
                <>
                  열(항목) 이름: <code>title</code>(필수), <code>productUrl</code>(필수), <code>imageUrl</code>, <code>price</code>. JSON은
                  객체의 배열, CSV는 첫 줄에 열 이름을 적어 주세요. 최대 {IMPORT_MAX_ROWS}개, {IMPORT_MAX_BYTES / 1_000_000}MB까지 가져올 수
                  있고, 적용 전에 미리 보기를 보여 드립니다.
                </>
              }
            />
            <SubmitButton intent="preview-import" pendingLabel="읽는 중...">
              미리 보기
            </SubmitButton>
          </Form>
        </section>
      </div>

      {preview ? (
        <section aria-labelledby="import-preview" className="mt-6 rounded-xl border border-blue-200 bg-blue-50/40 p-6">
          <h2 id="import-preview" className="text-lg font-bold">
            가져오기 미리 보기: {preview.fileName}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            추가할 상품 {preview.rows.length}개, 제외되는 항목 {preview.refused.length}개. 아직 저장되지 않았습니다.
          </p>
          {preview.rows.length > 0 ? (
            <PreviewTable title="추가할 상품" columns={["위치", "상품명", "가격", "이미지"]}>
              {preview.rows.map((row) => (
                <tr key={row.productUrl}>
                  <td className={PREVIEW_CELL}>{row.position}</td>
                  <td className={PREVIEW_CELL}>{row.title}</td>
                  <td className={PREVIEW_CELL}>{row.price}</td>
                  <td className={PREVIEW_CELL}>{row.imageUrl ? "있음" : "상품 페이지에서 찾기"}</td>
                </tr>
              ))}
            </PreviewTable>
          ) : null}
          {preview.refused.length > 0 ? (
            <PreviewTable title="제외되는 항목" columns={["위치", "상품명", "이유"]} refused>
              {preview.refused.map((row) => (
                <tr key={row.position}>
                  <td className={PREVIEW_CELL}>{row.position}</td>
                  <td className={PREVIEW_CELL}>{row.title || "(없음)"}</td>
                  <td className={`${PREVIEW_CELL} text-rose-700`}>{row.reason}</td>
                </tr>
              ))}
            </PreviewTable>
          ) : null}
          <div className="mt-4 flex items-center gap-3">
            {preview.rows.length > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="apply-import" />
                <input type="hidden" name="payload" value={preview.payload} />
                <SubmitButton intent="apply-import" pendingLabel="가져오는 중...">
                  {`${preview.rows.length}개 가져오기`}
                </SubmitButton>
              </Form>
            ) : (
              <p className="text-sm text-slate-700">추가할 수 있는 상품이 없습니다.</p>
            )}
            <Link
              to="/admin/external-products"
              className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium hover:bg-slate-50"
            >
              취소
            </Link>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="external-list" className="mt-10">
        <h2 id="external-list" className="mb-4 text-lg font-bold">
          등록된 외부 인기 상품 <span className="text-sm font-normal text-slate-500">{loaderData.total.toLocaleString("ko-KR")}개</span>
        </h2>
        {loaderData.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">
            표시할 내용이 없습니다.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {loaderData.items.map((product) => {
              const link = safeHttpUrl(product.productUrl);
              return (
                <li key={product.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {link ? (
                        <a href={link} target="_blank" rel="noopener noreferrer" className="hover:underline">
                          {product.title}
                        </a>
                      ) : (
                        product.title
                      )}
                    </p>
                    <p className="text-sm text-slate-500">
                      {product.price || "가격 정보 없음"} · {product.imageUrl ? "이미지 있음" : "이미지 없음"}
                    </p>
                  </div>
                  <Link
                    to={`/admin/external-products/${product.id}/edit`}
                    className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
                  >
                    수정
                  </Link>
                  <ConfirmSubmitButton
                    fields={{ intent: "delete", id: String(product.id) }}
                    className="rounded-md border border-rose-200 px-3 py-1.5 text-sm font-medium text-rose-700 hover:bg-rose-50"
                  />
                </li>
              );
            })}
          </ul>
        )}
        <Pager page={loaderData.page} pageCount={loaderData.pageCount} label="외부 인기 상품 목록 페이지" />
      </section>
    </>
  );
}

const PREVIEW_CELL = "px-3 py-2";

/** One table of the import's preview under a visible heading (the rows to add, or the ones left out). */
function PreviewTable({
  title,
  columns,
  refused = false,
  children,
}: {
  title: string;
  columns: readonly string[];
  refused?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mt-4">
      <h3 className={`mb-2 font-semibold${refused ? " text-rose-700" : ""}`}>{title}</h3>
      <AdminTable columns={columns} caption={title} cell={PREVIEW_CELL}>
        {children}
      </AdminTable>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
