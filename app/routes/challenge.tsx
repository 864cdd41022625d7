import { Link, data } from "react-router";
import { ChallengeSolver } from "~/features/challenges/challenge-solver";
import { questionPath } from "~/lib/technologies";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { challengeLanguage, solvableInBrowser, technologyOfPath } from "~/lib/technologies";
import { challengeTexts as t, questionTexts } from "~/lib/texts";
import { challengeCode } from "../../server/progress/progress-service";
import { findQuestion } from "../../server/questions/question-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/challenge";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const technology = technologyOfPath(new URL(request.url).pathname);
  const [found, user] = await Promise.all([
    technology ? findQuestion(context.services, technology.slug, params.questionId) : null,
    currentUser(context.services, request.headers),
  ]);
  const q = found?.question;
  if (!technology || !q || q.kind !== "program" || !q.starter || !q.tests || !solvableInBrowser(q.tests)) {
    throw data(null, { status: 404 });
  }
  const saved = user ? await challengeCode(context.services, user, q.id) : null;
  return {
    technology,
    question: { id: q.id, technology: q.technology, title: q.title, statementHtml: q.statementHtml, starter: q.starter, tests: q.tests },
    account: user ? { code: saved?.code ?? null, solvedAt: saved?.solvedAt ?? null } : undefined,
  };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaded) return [];
  // The question's own page is the one to index.
  return pageMeta({
    title: `${t.titleSuffix}: ${loaded.question.title}`,
    description: loaded.question.title,
    path: `${questionPath(loaded.question)}/solve`,
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

export default function Challenge({ loaderData }: Route.ComponentProps) {
  const { question: q, account } = loaderData;
  return (
    <div className="page page--wide challenge-page">
      <p>
        <Link to={questionPath(q)}>{t.backToQuestion}</Link>
      </p>
      <h1>{q.title}</h1>
      <div className="challenge-page__panes">
        <section className="challenge-page__statement" aria-labelledby="statement-title">
          <h2 id="statement-title">{questionTexts.statement}</h2>
          {/* Sanitised at import (server/questions/render.ts). */}
          <div className="question-prose" dangerouslySetInnerHTML={{ __html: q.statementHtml ?? "" }} />
        </section>
        <ChallengeSolver
          questionId={q.id}
          technology={q.technology}
          language={challengeLanguage(q.tests.lang)}
          starter={q.starter.source}
          tests={q.tests.source}
          account={account}
        />
      </div>
    </div>
  );
}
