import { data } from "react-router";
import { TryIt } from "~/features/learn/try-it";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { fill, overviewTexts as t } from "~/lib/texts";
import { htmlOverview } from "../../server/learn/html-overview";
import type { Route } from "./+types/html-overview";
import { contentPage, loadAsDocument } from "~/lib/page-cache";

// A content page (HTML and the try-it island; docs/decisions/018), cached for visitors (it
// changes only with a new release).
export const handle = contentPage();
export const clientLoader = loadAsDocument;

export function loader({ context }: Route.LoaderArgs) {
  try {
    const overview = htmlOverview(context.services);
    if (!overview) throw new Error("content/html-overview.md is missing");
    return { overview };
  } catch (error) {
    context.services.logger.error({ err: error, requestId: context.requestId }, "html overview failed");
    return data({ overview: null }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const site = siteFromMatches(matches);
  const overview = loaded?.overview;
  return pageMeta({
    title: overview?.title ?? "HTML Overview",
    description: overview?.description ?? t.unavailable,
    path: "/htmloverview",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: !overview,
  });
};

export default function HtmlOverviewPage({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  if (!overview) return <p className="page">{t.unavailable}</p>;
  return (
    <div className="page overview">
      <h1 id="top">{overview.title}</h1>
      <p className="page__lead">{overview.description}</p>
      <nav className="overview__toc" aria-labelledby="overview-contents">
        <h2 id="overview-contents">{t.contents}</h2>
        <ol>
          {overview.sections.map((section) => (
            <li key={section.slug}>
              <a href={`#${section.slug}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {overview.sections.map((section, i) => {
        const next = overview.sections[i + 1];
        return (
          <section key={section.slug} id={section.slug} className="overview__section" aria-labelledby={`${section.slug}-title`}>
            <h2 id={`${section.slug}-title`}>{section.title}</h2>
            {/* Our own content, rendered and sanitised once (server/learn/html-overview.ts). */}
            <div className="question-prose" dangerouslySetInnerHTML={{ __html: section.html }} />
            <TryIt section={section.title} html={section.example.html} />
            <p className="overview__next">
              {next ? <a href={`#${next.slug}`}>{fill(t.next, { section: next.title })}</a> : <a href="#top">{t.backToTop}</a>}
            </p>
          </section>
        );
      })}
    </div>
  );
}
