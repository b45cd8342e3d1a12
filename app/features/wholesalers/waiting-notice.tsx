import { Form, Link } from "react-router";

/** Shown to admins on a waiting supplier's detail page (nobody else can open it): the state and `공개`. */
export function WaitingNotice() {
  return (
    <div
      role="status"
      className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
    >
      <p>
        검토 대기 중인 도매처입니다.{" "}
        <Link to="/admin/review" className="text-sm font-medium underline">
          검토 대기 목록
        </Link>
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="publish" />
        <button type="submit" className="rounded-md bg-emerald-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-emerald-700">
          공개
        </button>
      </Form>
    </div>
  );
}
