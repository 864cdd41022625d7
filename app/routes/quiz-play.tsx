import "~/styles/quiz.css";
import { useCallback, useState } from "react";
import { data, useRevalidator } from "react-router";
import { NotFoundPage } from "~/components/not-found-page";
import { QuizPlayer } from "~/features/quiz/quiz-player";
import { QuizResults } from "~/features/quiz/quiz-results";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { texts, quizTexts as t } from "~/lib/texts";
import { attemptDetail, findAttempt, toSummary } from "../../server/quiz/quiz-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/quiz-play";

/**
 * A quiz being played, or its results. The question itself is asked for by the browser
 * (POST /api/quizzes/{id}/current): its time starts then, not when a link is prefetched.
 * A finished quiz is rendered here on the server, so a reload shows the results.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  const row = params.id.length <= 32 ? await findAttempt(context.services, params.id, user) : null;
  if (!row) return data({ state: "missing" as const }, { status: 404 });
  if (row.status === "finished")
    return { state: "finished" as const, detail: await attemptDetail(context.services, row), signedIn: Boolean(user) };
  return { state: "active" as const, attempt: toSummary(row) };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const site = siteFromMatches(matches);
  const [title, description] =
    loaded?.state === "finished"
      ? [t.resultsTitle, t.resultsDescription]
      : loaded?.state === "active"
        ? [t.playTitle, t.playDescription]
        : [texts.notFound.title, texts.notFound.text];
  return pageMeta({ title, description, path: "/quizzes", siteName: site.name, baseUrl: site.baseUrl, noindex: true });
};

export default function QuizPlay({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // Set when the quiz ends on this page, so that focus moves to the results (not on a fresh load).
  const [played, setPlayed] = useState(false);
  const { revalidate } = revalidator;
  const finish = useCallback(() => {
    setPlayed(true);
    void revalidate();
  }, [revalidate]);

  if (loaderData.state === "missing") return <NotFoundPage />;
  return (
    <div className="quiz-page">
      {loaderData.state === "active" ? (
        <QuizPlayer key={loaderData.attempt.id} attempt={loaderData.attempt} onFinished={finish} />
      ) : (
        <QuizResults detail={loaderData.detail} signedIn={loaderData.signedIn} focus={played} />
      )}
    </div>
  );
}
