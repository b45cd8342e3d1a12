import { ScrollTable } from "#app/components/scroll-table.tsx";
import type { SellerTool } from "../../../content/seller-tools.ts";

const pricingClass: Record<SellerTool["pricing"], string> = {
  무료: "bg-emerald-50 text-emerald-800",
  "무료/유료": "bg-amber-50 text-amber-800",
  유료: "bg-slate-100 text-slate-700",
};

/** The tools table of /seller-info; scrolls sideways on a phone instead of squeezing the columns. */
export function SellerToolsTable({ tools }: { tools: SellerTool[] }) {
  return (
    <ScrollTable
      label="셀러 도구 목록"
      caption="온라인 셀러를 위한 키워드·트렌드·경쟁 분석·마진·광고 도구 목록"
      columns={["분류", "도구", "요약", "추천 셀러 유형", "무료/유료", "링크"]}
      className="rounded-xl border border-slate-200 bg-white"
      tableClassName="min-w-[640px]"
      headClassName="bg-slate-50 text-slate-700"
      columnClassName="whitespace-nowrap px-3 py-3 font-semibold"
      bodyClassName="divide-y divide-slate-100"
    >
      {tools.map((tool) => (
        <tr key={tool.name} className="align-top">
          <td className="px-3 py-3 text-xs text-slate-600">{tool.category}</td>
          <th scope="row" className="min-w-24 px-3 py-3 font-semibold text-slate-900">
            {tool.name}
          </th>
          <td className="min-w-56 px-3 py-3 text-slate-700">{tool.summary}</td>
          <td className="px-3 py-3 text-slate-700">{tool.bestFor}</td>
          <td className="whitespace-nowrap px-3 py-3">
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${pricingClass[tool.pricing]}`}>{tool.pricing}</span>
          </td>
          <td className="whitespace-nowrap px-3 py-3">
            <a href={tool.url} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline">
              바로가기<span className="sr-only"> ({tool.name}, 새 탭)</span>
            </a>
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
