import { Link, useLocation } from "react-router";

const LINKS = [
  { to: "/admin", label: "도매처 관리" },
  { to: "/admin/wholesaler", label: "도매처 관리 목록" },
  { to: "/admin/add", label: "도매처 간편 등록" },
  { to: "/admin/import", label: "도매처 일괄 가져오기" },
  { to: "/admin/review", label: "검토 대기" },
  { to: "/admin/clean-categories", label: "카테고리 정리" },
  { to: "/admin/site-checks", label: "사이트 점검" },
  { to: "/admin/reports", label: "수정 요청" },
  { to: "/admin/records", label: "공식 기록" },
  { to: "/admin/reviews", label: "후기 관리" },
  { to: "/admin/claims", label: "운영자 인증 심사" },
  { to: "/admin/add-product", label: "관리자 상품 등록" },
  { to: "/admin/external-products", label: "외부 인기 상품 관리" },
  { to: "/admin/sellernote-add", label: "셀러 노트 작성" },
];

/**
 * Every admin tool one click apart, at the top of each admin page (drawn once by routes/admin/layout.tsx). The
 * page you are on is left out: its name is already the page's heading.
 */
export function AdminNav({
  openReports,
  openRecords,
  openReviews,
  openClaims = 0,
}: {
  openReports: number;
  openRecords: number;
  openReviews: number;
  openClaims?: number;
}) {
  const { pathname } = useLocation();
  // What waits for an admin (counted by the admin layout's loader), shown beside its menu entry.
  const waiting: Record<string, number> = {
    "/admin/reports": openReports,
    "/admin/records": openRecords,
    "/admin/reviews": openReviews,
    "/admin/claims": openClaims,
  };
  return (
    <nav aria-label="관리자 메뉴" className="mb-6 flex flex-wrap gap-2 text-sm">
      {LINKS.filter((link) => link.to !== pathname).map((link) => (
        <Link
          key={link.to}
          to={link.to}
          // The count badge is read as part of the name, `수정 요청 3건 대기`, which begins with the visible text.
          aria-label={waiting[link.to] ? `${link.label} ${waiting[link.to]!.toLocaleString("ko-KR")}건 대기` : undefined}
          className="rounded-full border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50"
        >
          {link.label}
          {/* The badge says `3건`, so every word it shows is a word of the name (axe's label-content-name-mismatch). */}
          {waiting[link.to] ? " " : null}
          {waiting[link.to] ? (
            <span className="ml-1 inline-block min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-xs font-semibold text-white">
              {`${waiting[link.to]!.toLocaleString("ko-KR")}건`}
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}
