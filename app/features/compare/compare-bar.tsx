import { Form, Link, useLocation } from "react-router";
import { compareHref } from "./compare-ids.ts";

/**
 * While suppliers are chosen for comparison, a bar at the bottom of the screen links to them:
 * `비교하기 (N)`. Not shown on /compare itself.
 */
export function CompareBar({ ids }: { ids: readonly number[] }) {
  const location = useLocation();
  if (ids.length === 0 || location.pathname === "/compare") return null;
  return (
    <>
      {/* Room for the fixed bar, so it never covers the footer's last lines. */}
      <div aria-hidden="true" className="h-16" />
      <nav
        aria-label="비교할 도매처"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-3xl items-center justify-center gap-3 px-4 py-2.5">
          <Link to={compareHref(ids)} className="rounded-lg bg-violet-700 px-5 py-2 font-semibold text-white hover:bg-violet-800">
            비교하기 ({ids.length})
          </Link>
          <Form method="post" action="/compare">
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
            <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100">
              비교 목록 비우기
            </button>
          </Form>
        </div>
      </nav>
    </>
  );
}
