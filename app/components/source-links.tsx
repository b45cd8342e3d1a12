/** A source an editorial figure was read from: who published it, when, and where. */
export type SourceLink = { url: string; name: string; publisher: string; date: string };

/**
 * The sources of an editorial figure as links, `발행처(날짜)` each, separated by commas (the margin calculator's
 * fee rates, the seller centre's policy cards); the page's own sentence says what they support.
 */
export function SourceLinks({ sources, linkClassName = "underline" }: { sources: readonly SourceLink[]; linkClassName?: string }) {
  return sources.map((source, i) => (
    <span key={source.url}>
      {i > 0 ? ", " : ""}
      <a href={source.url} target="_blank" rel="noopener noreferrer" title={source.name} className={linkClassName}>
        {source.publisher}({source.date})
      </a>
    </span>
  ));
}
