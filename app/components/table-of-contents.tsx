/** `목차`: a labelled navigation box of links to the page's own sections (guides and the legal pages). */
export function TableOfContents({
  id,
  sections,
  className = "",
  listClassName = "mt-3 space-y-1.5",
}: {
  /** The heading's id, unique on the page. */
  id: string;
  sections: { id: string; heading: string }[];
  className?: string;
  listClassName?: string;
}) {
  return (
    <nav aria-labelledby={id} className={`rounded-lg border border-slate-200 bg-slate-50 p-5 ${className}`}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        목차
      </h2>
      <ol className={listClassName}>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="text-blue-700 hover:underline">
              {section.heading}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
