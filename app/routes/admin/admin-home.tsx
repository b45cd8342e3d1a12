import { DeleteConfirmation } from "#app/components/delete-confirmation.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { Pager } from "#app/components/pager.tsx";
import { AdminWholesalerForm } from "#app/features/wholesalers/admin-wholesaler-form.tsx";
import { AdminWholesalerTable } from "#app/features/wholesalers/admin-wholesaler-table.tsx";
import {
  deleteWholesalerAction,
  loadAdminWholesalerPage,
  saveWholesalerAction,
} from "#app/features/wholesalers/wholesaler-actions.server.ts";
import { listHref } from "#app/features/wholesalers/wholesaler-list-params.ts";
import { deleteConfirmationOf } from "#app/lib/confirm-before-delete.ts";
import { readForm } from "#app/lib/form.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { placeholderNotice } from "#app/lib/site-config.server.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/admin-home";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "도매처 관리", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  // The same notice the server writes at start while the footer holds the example business details.
  return { ...(await loadAdminWholesalerPage(request)), siteNotice: placeholderNotice() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const form = await readForm(request);
  if (form.get("intent") === "delete") return deleteWholesalerAction(request, admin, form, "/admin");
  return saveWholesalerAction(request, admin, form);
}

export default function AdminHome({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, siteNotice } = loaderData;
  // A delete sent without confirm=1 (no JavaScript yet): the server asks first (lib/confirm-before-delete.ts).
  const confirmDelete = deleteConfirmationOf(actionData);
  if (confirmDelete) return <DeleteConfirmation fields={confirmDelete} />;
  return (
    <>
      <PageHeading>도매처 관리</PageHeading>
      {siteNotice ? (
        <p role="note" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {siteNotice}
        </p>
      ) : null}
      <section aria-labelledby="admin-add-heading" className="mb-10">
        <h2 id="admin-add-heading" className="mb-3 text-lg font-semibold">
          도매처 등록
        </h2>
        <AdminWholesalerForm result={actionData ?? undefined} submitLabel="등록" pendingLabel="등록 중..." resetOnSuccess />
      </section>
      <section aria-labelledby="admin-list-heading">
        <h2 id="admin-list-heading" className="mb-3 text-lg font-semibold">
          등록된 도매처 <span className="text-sm font-normal text-slate-500">총 {total.toLocaleString("ko-KR")}곳 · 최근 등록순</span>
        </h2>
        {items.length ? <AdminWholesalerTable items={items} /> : <EmptyState />}
        <Pager page={page} pageCount={pageCount} hrefFor={(n) => listHref({ page: n }, "/admin")} keepScroll={false} />
      </section>
    </>
  );
}
