import { ErrorMessage } from "#app/components/error-message.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { AdminWholesalerForm } from "#app/features/wholesalers/admin-wholesaler-form.tsx";
import { loadWholesalerForEdit, NOT_FOUND_MESSAGE, saveWholesalerAction } from "#app/features/wholesalers/wholesaler-actions.server.ts";
import { WholesalerHistory } from "#app/features/wholesalers/wholesaler-history.tsx";
import { readForm } from "#app/lib/form.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/wholesaler-form";

// One module for /admin/wholesaler-add (no id) and /admin/wholesaler-edit/{id}.

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta({ title: params.id ? "도매처 수정" : "도매처 등록", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) return { id: null, values: undefined, history: [] };
  return loadWholesalerForEdit(params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  let id: number | undefined;
  if (params.id !== undefined) {
    const parsed = parseIdParam(params.id);
    if (!parsed) throw new Response(NOT_FOUND_MESSAGE, { status: 404 });
    id = parsed;
  }
  return saveWholesalerAction(request, admin, await readForm(request), id);
}

export default function WholesalerFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  return (
    <>
      <PageHeading>{editing ? "도매처 수정" : "도매처 등록"}</PageHeading>
      <AdminWholesalerForm
        defaults={loaderData.values}
        result={actionData ?? undefined}
        submitLabel={editing ? "수정" : "등록"}
        pendingLabel={editing ? "수정 중..." : "등록 중..."}
      />
      {editing ? <WholesalerHistory entries={loaderData.history} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorMessage error={error} />;
}
