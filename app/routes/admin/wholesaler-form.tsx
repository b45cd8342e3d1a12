import { Form } from "react-router";
import { DeleteConfirmation } from "#app/components/delete-confirmation.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { loadManagersForAdmin, removeManagerAction } from "#app/features/suppliers/manager-admin.server.ts";
import { RELEASE_MANAGER_CONSEQUENCE, RELEASE_MANAGER_QUESTION } from "#app/features/suppliers/manager-release.ts";
import { AdminWholesalerForm } from "#app/features/wholesalers/admin-wholesaler-form.tsx";
import { loadWholesalerForEdit, NOT_FOUND_MESSAGE, saveWholesalerAction } from "#app/features/wholesalers/wholesaler-actions.server.ts";
import { WholesalerHistory } from "#app/features/wholesalers/wholesaler-history.tsx";
import { deleteConfirmationOf } from "#app/lib/confirm-before-delete.ts";
import { readForm } from "#app/lib/form.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { parseIdParam } from "#app/lib/url-params.ts";
import { adminContext } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/wholesaler-form";

// One module for /admin/wholesaler-add (no id) and /admin/wholesaler-edit/{id}.

/** How a manager proved control (wholesaler_managers.method), as the claim page names the ways. */
const PROOF_WORDS: Record<string, string> = { meta: "메타 태그", file: "파일", email: "이메일", document: "사업자등록증" };

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta({ title: params.id ? "도매처 수정" : "도매처 등록", description: "관리자 페이지" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) return { id: null, values: undefined, history: [], managers: [] };
  const loaded = await loadWholesalerForEdit(params.id);
  return { ...loaded, managers: await loadManagersForAdmin(loaded.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  let id: number | undefined;
  if (params.id !== undefined) {
    const parsed = parseIdParam(params.id);
    if (!parsed) throw new Response(NOT_FOUND_MESSAGE, { status: 404 });
    id = parsed;
  }
  const form = await readForm(request);
  // `운영자 해제` on the edit page (공급사 인증): the form names the account.
  if (id !== undefined && form.get("intent") === "remove-manager") return removeManagerAction(request, admin, id, form);
  return saveWholesalerAction(request, admin, form, id);
}

export default function WholesalerFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  // `운영자 해제` asks first (lib/confirm-before-delete.ts); the step names the account.
  const confirmRelease = deleteConfirmationOf(actionData, RELEASE_MANAGER_QUESTION);
  if (confirmRelease) {
    const manager = loaderData.managers.find((one) => one.userId === confirmRelease.userId);
    return (
      <DeleteConfirmation
        fields={confirmRelease}
        what={manager?.label}
        question={RELEASE_MANAGER_QUESTION}
        consequence={RELEASE_MANAGER_CONSEQUENCE}
        confirmLabel="운영자 해제"
      />
    );
  }
  return (
    <>
      <PageHeading>{editing ? "도매처 수정" : "도매처 등록"}</PageHeading>
      <AdminWholesalerForm
        defaults={loaderData.values}
        result={actionData ?? undefined}
        submitLabel={editing ? "수정" : "등록"}
        pendingLabel={editing ? "수정 중..." : "등록 중..."}
      />
      {editing ? <Managers managers={loaderData.managers} /> : null}
      {editing ? <WholesalerHistory entries={loaderData.history} /> : null}
    </>
  );
}

type ManagerView = { userId: string; label: string; method: string; proofUrl: string; since: string };

/** `운영자`: the accounts that proved they run the listing's site, each with `운영자 해제`. */
function Managers({ managers }: { managers: ManagerView[] }) {
  return (
    <section aria-labelledby="managers-heading" className="mt-10 max-w-3xl">
      <h2 id="managers-heading" className="mb-3 text-lg font-semibold text-slate-900">
        운영자
      </h2>
      {managers.length === 0 ? (
        <p className="text-sm text-slate-500">인증한 운영자가 없습니다.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
          {managers.map((manager) => (
            <li key={manager.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="break-all font-medium text-slate-900">{manager.label}</p>
                <p className="break-all text-slate-500">
                  {PROOF_WORDS[manager.method] ?? manager.method} · {manager.since} · {manager.proofUrl}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-manager" />
                <input type="hidden" name="userId" value={manager.userId} />
                <button type="submit" className="rounded-lg border border-rose-300 px-3 py-1.5 font-medium text-rose-700 hover:bg-rose-50">
                  운영자 해제
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
