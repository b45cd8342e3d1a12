import { ScrollTable } from "#app/components/scroll-table.tsx";
import { TableOfContents } from "#app/components/table-of-contents.tsx";
import { formatDate, formatDay } from "#app/lib/format.ts";
import type { Guide, GuideBlock } from "#content/guides/guide-types.ts";
import { InlineText } from "./guide-inline.tsx";

/** A guide page's body: title, intro, table of contents, then the sections with their ids. */
export function GuideArticle({ guide }: { guide: Guide }) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <header>
        <p className="text-sm font-medium text-blue-700">셀링 인사이트</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{guide.title}</h1>
        <p className="mt-2 text-sm text-slate-500">
          마지막 검토: <time dateTime={guide.updatedAt}>{formatDate(`${guide.updatedAt}T00:00:00+09:00`)}</time>
        </p>
        <p className="mt-5 leading-7 text-slate-800">
          <InlineText text={guide.intro} />
        </p>
      </header>

      <TableOfContents
        id="toc-heading"
        sections={guide.sections}
        className="mt-8"
        listClassName="mt-3 list-decimal space-y-1.5 pl-5 text-slate-700"
      />

      {guide.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-10">
          <h2 id={section.id} className="scroll-mt-6 text-xl font-bold text-slate-900">
            {section.heading}
          </h2>
          {section.blocks.map((block, i) => (
            // Blocks are fixed content: their order is their identity.
            <Block key={i} block={block} />
          ))}
        </section>
      ))}

      <section aria-labelledby="guide-sources" className="mt-12 border-t border-slate-200 pt-6">
        <h2 id="guide-sources" className="text-lg font-bold text-slate-900">
          참고한 자료
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {formatDate(`${guide.updatedAt}T00:00:00+09:00`)}에 아래 자료와 대조해 검토했습니다. 플랫폼 정책과 수치는 바뀔 수 있으니 중요한
          결정 전에는 원문을 확인하세요.
        </p>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm leading-6 text-slate-700">
          {guide.sources.map((source) => (
            <li key={source.url}>
              <a href={source.url} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
                {source.name}
              </a>
              , {source.publisher}, {source.date}
              {source.readOn && !/^\d/.test(source.date) ? `, ${formatDay(source.readOn)} 확인` : ""}
              {source.historical ? " (규정이 나올 당시의 자료)" : ""}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

function Block({ block }: { block: GuideBlock }) {
  switch (block.type) {
    case "p":
      return (
        <p className="mt-4 leading-7 text-slate-800">
          <InlineText text={block.text} />
        </p>
      );
    case "h3":
      return (
        <h3 className="mt-6 text-lg font-semibold text-slate-900">
          <InlineText text={block.text} />
        </h3>
      );
    case "ul":
    case "ol": {
      const List = block.type;
      return (
        <List className={`mt-4 space-y-2 pl-6 leading-7 text-slate-800 ${block.type === "ul" ? "list-disc" : "list-decimal"}`}>
          {block.items.map((item) => (
            <li key={item}>
              <InlineText text={item} />
            </li>
          ))}
        </List>
      );
    }
    case "table":
      return (
        <ScrollTable
          label={block.caption}
          caption={block.caption}
          captionClassName="caption-top bg-slate-50 px-4 py-2 text-left text-sm font-medium text-slate-700"
          columns={block.head}
          className="mt-5 rounded-lg border border-slate-200"
          tableClassName="min-w-[560px]"
          headClassName="bg-slate-100 text-slate-800"
          columnClassName="px-4 py-2.5 font-semibold"
          bodyClassName="divide-y divide-slate-100"
        >
          {block.rows.map((row) => (
            <tr key={row.join("|")} className="align-top">
              {row.map((cell, c) => (
                <td key={c} className="px-4 py-2.5 text-slate-700">
                  <InlineText text={cell} />
                </td>
              ))}
            </tr>
          ))}
        </ScrollTable>
      );
    case "tip":
      return (
        <div role="note" className="mt-5 rounded-lg border-l-4 border-amber-400 bg-amber-50 px-4 py-3 text-slate-800">
          <p className="leading-7">
            <strong className="mr-1 text-amber-800">TIP</strong>
            <InlineText text={block.text} />
          </p>
        </div>
      );
  }
}
