import { InputField, SelectField } from "~/components/field";
import { SearchResults } from "~/features/questions/search-results";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { KINDS, LEVELS, TECHNOLOGY_SLUGS, technologies } from "~/lib/technologies";
import { fill, questionTexts, searchTexts as t } from "~/lib/texts";
import { loadAsDocument, uncachedContentPage } from "~/lib/page-cache";
import { SEARCH_LIMITS } from "~/lib/search";
import { searchQuestions } from "../../server/questions/question-search";
import type { Route } from "./+types/search";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

// A content page (docs/decisions/018): a GET form and links, rendered for each query.
export const handle = uncachedContentPage;
export const clientLoader = loadAsDocument;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").slice(0, SEARCH_LIMITS.query);
  const filter = {
    technology: oneOf(TECHNOLOGY_SLUGS, params.get("technology")),
    kind: oneOf(KINDS, params.get("kind")),
    level: oneOf(LEVELS, params.get("level")),
    // Sent by the header's search on a technology's pages: that technology's questions first.
    prefer: oneOf(TECHNOLOGY_SLUGS, params.get("tech")),
  };
  const page = Math.min(Math.max(Number(params.get("page")) || 1, 1), SEARCH_LIMITS.pages);
  const hits = query.trim() ? await searchQuestions(context.services, query, filter, page) : [];
  return { query, filter, page, hits, more: hits.length === SEARCH_LIMITS.pageSize && page < SEARCH_LIMITS.pages };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  // Result pages are endless variations: only the empty search page is indexed.
  return pageMeta({
    title: t.title,
    description: t.description,
    path: "/search",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: Boolean(location.search),
  });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, filter, page, hits, more } = loaderData;
  const any = { value: "", label: t.any };
  const address = (changes: Record<string, string | undefined>) => {
    const params = { q: query, technology: filter.technology, kind: filter.kind, level: filter.level, tech: filter.prefer, ...changes };
    return `/search?${new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])))}`;
  };
  const preferred = technologies.find((tech) => tech.slug === filter.prefer);
  return (
    <div className="page search-page">
      <h1>{t.title}</h1>
      <form method="get" action="/search" role="search" className="search-form">
        <InputField
          label={t.label}
          type="search"
          name="q"
          defaultValue={query}
          placeholder={t.placeholder}
          maxLength={SEARCH_LIMITS.query}
          autoFocus={!query}
          data-page-search
        />
        {preferred && <input type="hidden" name="tech" value={preferred.slug} />}
        <SelectField
          label={t.technology}
          name="technology"
          defaultValue={filter.technology ?? ""}
          options={[any, ...technologies.map((tech) => ({ value: tech.slug, label: tech.name }))]}
        />
        <SelectField
          label={t.kind}
          name="kind"
          defaultValue={filter.kind ?? ""}
          options={[any, ...KINDS.map((k) => ({ value: k, label: questionTexts.kinds[k] }))]}
        />
        <SelectField
          label={t.level}
          name="level"
          defaultValue={filter.level ?? ""}
          options={[any, ...LEVELS.map((l) => ({ value: l, label: `${questionTexts.lists[l]} (${questionTexts.levels[l]})` }))]}
        />
        <button type="submit" className="button button--primary">
          {t.submit}
        </button>
      </form>
      <div aria-live="polite">
        {!query.trim() ? (
          <p className="search-page__hint">{t.hint}</p>
        ) : hits.length === 0 ? (
          <p className="search-page__none">{fill(t.none, { query })}</p>
        ) : (
          <>
            <h2 className="search-page__results">{fill(t.results, { query })}</h2>
            {preferred && (
              <p className="search-page__preferred">
                {fill(t.preferred, { technology: preferred.name })}{" "}
                <a href={address({ tech: undefined, page: undefined })}>{t.preferNone}</a>
              </p>
            )}
            <SearchResults hits={hits} start={(page - 1) * SEARCH_LIMITS.pageSize + 1} />
            {more && (
              <p>
                <a className="button button--outline" href={address({ page: String(page + 1) })}>
                  {t.more}
                </a>
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
