import { Link, data } from "react-router";
import { NO_MARK, ProgressToggles } from "~/features/questions/progress-toggles";
import { QuestionBody } from "~/features/questions/question-body";
import { questionPath } from "~/lib/technologies";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { technologyOfPath } from "~/lib/technologies";
import { fill, questionTexts as t } from "~/lib/texts";
import { previewText } from "../../server/blog/render";
import { marksFor } from "../../server/progress/progress-service";
import { findQuestion } from "../../server/questions/question-service";
import { markAction } from "../../server/progress/mark-form";
import { consoleAnswerAction, isConsoleAnswer } from "../../server/questions/console-answer";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/question-page";
import { contentPage, loadAsDocument } from "~/lib/page-cache";

// A content page (docs/decisions/018): HTML with islands (marks, Run it, Render it); visitors
// get it from the page cache until the question bank changes.
export const handle = contentPage("questions");
export const clientLoader = loadAsDocument;

// "Done" and "Bookmark", and a console question's answer, posted without scripts.
export const action = async (args: Route.ActionArgs) =>
  (await isConsoleAnswer(args.request)) ? consoleAnswerAction(args) : markAction(args);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const technology = technologyOfPath(new URL(request.url).pathname);
  const [found, user] = await Promise.all([
    technology ? findQuestion(context.services, technology.slug, params.questionId) : null,
    currentUser(context.services, request.headers),
  ]);
  if (!technology || !found) return data({ technology, found: null, description: "", acceptedAnswer: "", mark: null }, { status: 404 });
  const mark = user ? ((await marksFor(context.services, user, [found.question.id]))[found.question.id] ?? NO_MARK) : null;
  const q = found.question;
  const summaryHtml = q.kind === "theory" ? q.answerHtml : q.kind === "console" ? q.explanationHtml : q.statementHtml;
  return {
    technology,
    found,
    mark,
    // For search results and structured data: plain text, made here where the HTML tools are.
    description: previewText(summaryHtml ?? "", 30),
    acceptedAnswer:
      q.kind === "console" ? `${q.output ?? ""}\n\n${previewText(q.explanationHtml ?? "", 120)}` : previewText(summaryHtml ?? "", 120),
  };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaded?.found || !loaded.technology)
    return pageMeta({
      title: t.notFound,
      description: t.notFoundHint,
      path: "/",
      siteName: site.name,
      baseUrl: site.baseUrl,
      noindex: true,
    });
  const { question: q } = loaded.found;
  const path = questionPath(q);
  const description = loaded.description || fill(t.listDescription, { technology: loaded.technology.name });
  // Structured data for a question with its accepted answer (schema.org QAPage).
  const qaPage = {
    "@context": "https://schema.org",
    "@type": "QAPage",
    mainEntity: {
      "@type": "Question",
      name: q.title,
      text: q.kind === "console" && q.code ? `${q.title}\n\n${q.code.source}` : q.title,
      answerCount: 1,
      acceptedAnswer: { "@type": "Answer", text: loaded.acceptedAnswer, url: `${site.baseUrl}${path}` },
    },
  };
  return [
    ...pageMeta({ title: `${q.title} – ${loaded.technology.name}`, description, path, siteName: site.name, baseUrl: site.baseUrl }),
    { "script:ld+json": qaPage },
  ];
};

export default function QuestionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { technology, found, mark } = loaderData;
  if (!found || !technology) {
    return (
      <section className="page page--narrow" aria-labelledby="question-missing">
        <h1 id="question-missing">{t.notFound}</h1>
        <p>{t.notFoundHint}</p>
        {technology && <Link to={`/${technology.slug}-questions`}>{fill(t.backToList, { technology: technology.name })}</Link>}
      </section>
    );
  }
  const { question: q, previous, next, related } = found;
  const list = `/${technology.slug}-questions`;
  return (
    <article className="page page--reading question-single">
      <nav aria-label={t.breadcrumb} className="breadcrumb">
        <ol>
          <li>
            <Link to={list}>{technology.name}</Link>
          </li>
          <li>
            <Link to={`${list}?kind=${q.kind}&level=beginner`}>{t.kinds[q.kind]}</Link>
          </li>
          <li>
            <Link to={`${list}?kind=${q.kind}&level=${q.level}`}>
              {t.lists[q.level]} ({t.levels[q.level]})
            </Link>
          </li>
        </ol>
      </nav>
      <h1>{q.title}</h1>
      {actionData && "markError" in actionData && (
        <p className="form-banner form-banner--error" role="alert">
          {actionData.markError}
        </p>
      )}
      {mark && <ProgressToggles questionId={q.id} title={q.title} mark={mark} />}
      <ul className="tag-list" aria-label={t.tags}>
        {q.tags.map((tag) => (
          <li key={tag} className="tag">
            {tag}
          </li>
        ))}
      </ul>
      <QuestionBody
        question={q}
        place="page"
        href={questionPath(q)}
        answered={
          actionData && ("consoleVerdict" in actionData || "consoleError" in actionData)
            ? {
                verdict: "consoleVerdict" in actionData ? actionData.consoleVerdict : null,
                error: "consoleError" in actionData ? actionData.consoleError : null,
              }
            : undefined
        }
      />
      <nav className="question-pager" aria-label={t.pager}>
        {previous ? (
          <Link rel="prev" to={questionPath(previous)} className="question-pager__link">
            <span className="question-pager__label">{t.previous}</span>
            <span>{previous.title}</span>
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link rel="next" to={questionPath(next)} className="question-pager__link question-pager__link--next">
            <span className="question-pager__label">{t.next}</span>
            <span>{next.title}</span>
          </Link>
        )}
      </nav>
      {related.length > 0 && (
        <section aria-labelledby="related-questions" className="question-related">
          <h2 id="related-questions">{t.related}</h2>
          <ul>
            {related.map((r) => (
              <li key={r.id}>
                <Link to={questionPath(r)}>{r.title}</Link> <span className="question-related__kind">{t.kinds[r.kind]}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <Link to={`${list}?kind=${q.kind}&level=${q.level}`}>{fill(t.backToList, { technology: technology.name })}</Link>
      </p>
    </article>
  );
}
