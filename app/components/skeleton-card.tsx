/** Placeholder card shown while a list loads; same footprint as a real card so nothing jumps. */
export function SkeletonCard() {
  return (
    <div aria-hidden="true" className="animate-pulse rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center gap-3">
        <div className="size-12 rounded-lg bg-slate-200" />
        <div className="h-4 flex-1 rounded bg-slate-200" />
      </div>
      <div className="mt-4 h-3 w-1/3 rounded bg-slate-200" />
      <div className="mt-3 h-3 rounded bg-slate-200" />
      <div className="mt-2 h-3 w-4/5 rounded bg-slate-200" />
    </div>
  );
}

export function SkeletonGrid({ count = 10, label = "불러오는 중..." }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      {/* The same columns as the /list card grid (WHOLESALER_GRID_CLASS), so nothing jumps when cards arrive. */}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4">
        {Array.from({ length: count }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </div>
    </div>
  );
}
