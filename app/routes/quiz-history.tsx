import "~/styles/quiz.css";
import { Link } from "react-router";
import { SignInPrompt } from "~/components/sign-in-prompt";
import { AttemptTable } from "~/features/quiz/attempt-table";
import { ScoreChart } from "~/features/quiz/score-chart";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { quizTexts as t } from "~/lib/texts";
import { quizHistory } from "../../server/quiz/quiz-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/quiz-history";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  if (!user) return { signedIn: false as const, attempts: [] };
  return { signedIn: true as const, attempts: await quizHistory(context.services, user) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: t.historyTitle,
    description: t.historyDescription,
    path: "/quizzes/history",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

export default function QuizHistory({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <SignInPrompt title={t.historyTitle} text={t.historySignedOut} button={t.signIn} />;
  const { attempts } = loaderData;
  return (
    <div className="quiz-history">
      <h1>{t.historyTitle}</h1>
      {attempts.length === 0 ? (
        <div className="quiz-empty">
          <p>{t.historyEmpty}</p>
          <Link className="button button--primary" to="/quizzes">
            {t.takeAQuiz}
          </Link>
        </div>
      ) : (
        <>
          <section aria-labelledby="quiz-chart-title">
            <h2 id="quiz-chart-title">{t.chartTitle}</h2>
            <ScoreChart attempts={attempts} />
          </section>
          <section aria-labelledby="quiz-attempts-title">
            <h2 id="quiz-attempts-title">{t.attemptsTitle}</h2>
            <AttemptTable attempts={attempts} labelledBy="quiz-attempts-title" />
          </section>
        </>
      )}
    </div>
  );
}
