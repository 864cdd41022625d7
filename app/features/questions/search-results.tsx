import { technologyBySlug } from "~/lib/technologies";
import { questionTexts as t } from "~/lib/texts";
import type { Marked } from "~/lib/search";
import type { SearchHit } from "../../../server/questions/question-search";
import { questionPath } from "~/lib/technologies";

/** Matched words in <mark>; the text itself is never parsed as HTML. */
function MarkedText({ parts }: { parts: Marked }) {
  return <>{parts.map(([text, hit], i) => (hit ? <mark key={i}>{text}</mark> : <span key={i}>{text}</span>))}</>;
}

export function SearchResults({ hits, start }: { hits: SearchHit[]; start: number }) {
  return (
    <ol className="search-results" start={start}>
      {hits.map((hit) => (
        <li key={hit.id} className="search-result">
          <a className="search-result__title" href={questionPath(hit)}>
            <MarkedText parts={hit.title} />
          </a>
          <p className="search-result__meta">
            {technologyBySlug(hit.technology)?.name} · {t.kinds[hit.kind]} · {t.lists[hit.level]} ({t.levels[hit.level]})
          </p>
          <p className="search-result__snippet">
            <MarkedText parts={hit.snippet} />
          </p>
        </li>
      ))}
    </ol>
  );
}
