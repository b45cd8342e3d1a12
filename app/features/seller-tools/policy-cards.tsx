import { SourceLinks } from "#app/components/source-links.tsx";
import type { PolicyProgramme } from "../../../content/seller-tools.ts";

/** The support-programme cards of /seller-info (public agencies and Naver's own), each linking to its official site. */
export function PolicyCards({ programmes }: { programmes: PolicyProgramme[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {programmes.map((programme) => (
        <li key={programme.url} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-xs font-medium text-blue-700">{programme.agency}</p>
          <h3 className="mt-1 text-lg font-semibold text-slate-900">{programme.title}</h3>
          <p className="mt-2 flex-1 text-sm leading-6 text-slate-700">{programme.summary}</p>
          {programme.sources?.length ? (
            <p className="mt-2 text-xs leading-5 text-slate-500">
              출처: <SourceLinks sources={programme.sources} />
            </p>
          ) : null}
          <a
            href={programme.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex w-fit items-center rounded-lg border border-blue-200 px-3 py-1.5 text-sm font-medium text-blue-700 hover:bg-blue-50"
          >
            {programme.linkLabel}
            <span className="sr-only"> (새 탭)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
