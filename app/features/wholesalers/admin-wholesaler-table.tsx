import { Link } from "react-router";
import { AdminTable } from "#app/components/admin-table.tsx";
import { ConfirmSubmitButton } from "#app/components/confirm-dialog.tsx";
import { CategoryBadge, siteLinkOf } from "./wholesaler-card.tsx";
import type { WholesalerCard } from "./wholesaler-types.ts";

/** `삭제` for one wholesaler: asks `정말 삭제하시겠습니까?` first (a plain post without JavaScript). */
function DeleteWholesalerButton({ id }: { id: number }) {
  return (
    <ConfirmSubmitButton
      fields={{ intent: "delete", id: String(id) }}
      describedBy={`wholesaler-${id}-name`}
      className="rounded-md border border-rose-200 px-3 py-1.5 text-sm font-medium text-rose-700 hover:bg-rose-50"
    />
  );
}

/** The admin list: name, category, site, views, and `수정` / `삭제` per row. */
export function AdminWholesalerTable({ items }: { items: WholesalerCard[] }) {
  return (
    <AdminTable columns={["이름", "카테고리", "사이트", { label: "조회수", align: "right" }, { label: "관리", hidden: true }]}>
      {items.map((w) => {
        const site = siteLinkOf(w);
        return (
          <tr key={w.id}>
            <td className="px-4 py-2 font-medium text-slate-900">
              <Link id={`wholesaler-${w.id}-name`} to={`/wholesaler/${w.id}`} className="hover:underline">
                {w.name.trim() || "이름 없음"}
              </Link>
              {w.status === "review" ? (
                <Link to="/admin/review" className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  검토 대기
                </Link>
              ) : null}
            </td>
            <td className="px-4 py-2">
              <CategoryBadge category={w.category} />
            </td>
            <td className="max-w-[16rem] truncate px-4 py-2">
              {site ? (
                <a href={site} target="_blank" rel="noopener noreferrer" className="text-blue-700 hover:underline">
                  {new URL(site).host}
                </a>
              ) : (
                <span className="text-slate-500">없음</span>
              )}
            </td>
            <td className="px-4 py-2 text-right tabular-nums">{w.views.toLocaleString("ko-KR")}</td>
            <td className="px-4 py-2">
              <div className="flex justify-end gap-2">
                <Link
                  to={`/admin/wholesaler-edit/${w.id}`}
                  aria-describedby={`wholesaler-${w.id}-name`}
                  className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  수정
                </Link>
                <DeleteWholesalerButton id={w.id} />
              </div>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
