import { NavLink } from "react-router";

const LINKS = [
  { to: "/admin", label: "도매처 관리" },
  { to: "/admin/wholesaler", label: "도매처 관리 목록" },
  { to: "/admin/add", label: "도매처 간편 등록" },
  { to: "/admin/import", label: "도매처 일괄 가져오기" },
  { to: "/admin/clean-categories", label: "카테고리 정리" },
];

/** The wholesaler admin tools, one click apart. */
export function WholesalerAdminNav() {
  return (
    <nav aria-label="도매처 관리 메뉴" className="mb-6 flex flex-wrap gap-2 text-sm">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) =>
            `rounded-full border px-3 py-1.5 font-medium ${isActive ? "border-slate-800 bg-slate-800 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
