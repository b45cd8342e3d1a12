import { formatWon } from "#app/lib/format.ts";

export type AdView = { id: string; name: string; description: string; price: number; image: string; link: string };

/**
 * One sponsored ad in a side column; on small screens one ad sits below the content, as one short row (a small
 * picture beside one line each of name, description and price: at most 120 px, where the column's card was about
 * 700 px at 390 px wide). `lazy`: the picture of an ad a phone does not show (display: none) is not fetched there.
 */
export function AdColumn({ ad, className = "", lazy = false }: { ad: AdView; className?: string; lazy?: boolean }) {
  return (
    <aside aria-label="광고" className={`w-full lg:w-[300px] ${className}`}>
      <div className="lg:sticky lg:top-4">
        <p className="mb-1 text-xs text-slate-500">광고</p>
        <a
          href={ad.link}
          target="_blank"
          rel="sponsored noopener noreferrer"
          className="flex items-center gap-3 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:shadow-md lg:block"
        >
          {/* The first ad is not lazy: beside the content on wide screens and often the largest thing in view on a
              short page (LCP). */}
          <img
            src={ad.image}
            alt=""
            width={300}
            height={250}
            className="h-auto w-24 shrink-0 lg:w-full"
            decoding="async"
            loading={lazy ? "lazy" : undefined}
          />
          <div className="min-w-0 py-1.5 pr-3 lg:p-3 [&>p]:truncate lg:[&>p]:whitespace-normal">
            <p className="font-semibold text-slate-900">{ad.name}</p>
            <p className="text-sm text-slate-600 lg:mt-1">{ad.description}</p>
            <p className="font-bold text-rose-600 lg:mt-2">{formatWon(ad.price)}</p>
          </div>
        </a>
      </div>
    </aside>
  );
}
