import type { ReactNode } from "react";

export function EmptyState({ message = "표시할 내용이 없습니다.", children }: { message?: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
      <p>{message}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}
