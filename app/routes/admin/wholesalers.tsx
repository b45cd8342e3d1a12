import { Link } from "react-router";
import { DeleteConfirmation } from "#app/components/delete-confirmation.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { AdminWholesalerTable } from "#app/features/wholesalers/admin-wholesaler-table.tsx";
import { deleteWholesalerAction, loadAdminWholesalerPage } from "#app/features/wholesalers/wholesaler-actions.server.ts";
import { listHref } from "#app/features/wholesalers/wholesaler-list-params.ts";
import { deleteConfirmationOf } from "#app/lib/confirm-before-delete.ts";
import { readForm } from "#app/lib/form.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/wholesalers";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "도매처 관리 목록", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadAdminWholesalerPage(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "delete") throw new Response("잘못된 요청입니다.", { status: 400 });
  return deleteWholesalerAction(request, context.get(adminContext), form, "/admin/wholesaler");
}

export default function AdminWholesalers({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount } = loaderData;
  // A delete sent without confirm=1 (no JavaScript yet): the server asks first (lib/confirm-before-delete.ts).
  const confirmDelete = deleteConfirmationOf(actionData);
  if (confirmDelete) return <DeleteConfirmation fields={confirmDelete} />;
  return (
    <>
      <PageHeading
        actions={
          <Link to="/admin/wholesaler-add" className="rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700">
            도매처 추가
          </Link>
        }
      >
        도매처 관리 목록
      </PageHeading>
      <p className="mb-3 text-sm text-slate-600">총 {total.toLocaleString("ko-KR")}곳 · 최근 등록순</p>
      {items.length ? <AdminWholesalerTable items={items} /> : <EmptyState />}
      <Pager page={page} pageCount={pageCount} hrefFor={(n) => listHref({ page: n }, "/admin/wholesaler")} keepScroll={false} />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
