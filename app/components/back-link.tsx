import { Link } from "react-router";

/** `← 목록` above an article: the way back to the list it belongs to, as a labelled navigation. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <nav aria-label="이동 경로" className="mb-4 text-sm">
      <Link to={to} className="text-blue-700 underline">
        ← {children}
      </Link>
    </nav>
  );
}
