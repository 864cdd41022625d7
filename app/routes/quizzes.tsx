import "~/styles/quiz.css";
import { History, Radio, Trophy } from "lucide-react";
import { Link, data, redirect, useLocation } from "react-router";
import { QuizSetup } from "~/features/quiz/quiz-setup";
import { settingsFromForm, settingsFromQuery } from "~/features/quiz/quiz-settings";
import { useAuthDialog } from "~/lib/auth-dialog";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { liveQuizTexts, quizTexts as t } from "~/lib/texts";
import { quizPool } from "../../server/quiz/quiz-questions";
import { createAttempt } from "../../server/quiz/quiz-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/quizzes";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [pool, user] = await Promise.all([quizPool(context.services), currentUser(context.services, request.headers)]);
  return { pool, initial: settingsFromQuery(new URL(request.url).searchParams), signedIn: Boolean(user) };
}

/** Starts a quiz from the set-up form (with or without JavaScript), under the API's rate limit, and goes to its first question. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const settings = settingsFromForm(await request.formData());
  if (!settings) return data({ error: t.invalid }, { status: 400 });
  const result = await createAttempt(services, await currentUser(services, request.headers), settings, context.clientKey());
  if (result.kind === "rate-limited")
    return data({ error: t.rateLimited }, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
  if (result.kind === "no-questions") return data({ error: t.none }, { status: 404 });
  return redirect(`/quizzes/play/${result.attempt.id}`);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({ title: t.title, description: t.description, path: "/quizzes", siteName: site.name, baseUrl: site.baseUrl });
};

export default function Quizzes({ loaderData, actionData }: Route.ComponentProps) {
  const { pool, initial, signedIn } = loaderData;
  const location = useLocation();
  const auth = useAuthDialog();
  return (
    <div className="quiz-home">
      <header className="quiz-home__head">
        <h1>{t.title}</h1>
        <p className="lead">{t.intro}</p>
      </header>
      <div className="quiz-home__layout">
        <div className="quiz-panel">
          {/* A link that preselects other settings (?technology=…) starts the form afresh. */}
          <QuizSetup key={location.search} pool={pool} initial={initial} error={actionData?.error ?? null} />
        </div>
        <aside className="quiz-home__aside" aria-label={t.more}>
          {!signedIn && (
            <div className="quiz-signin">
              <p>{t.signInNote}</p>
              <button type="button" className="button button--outline" onClick={() => auth.open("login")}>
                {t.signIn}
              </button>
            </div>
          )}
          <ul className="quiz-links">
            {signedIn && (
              <li>
                <Link to="/quizzes/history">
                  <History aria-hidden size={20} />
                  {t.historyLink}
                </Link>
              </li>
            )}
            <li>
              <Link to="/quizzes/leaderboard">
                <Trophy aria-hidden size={20} />
                {t.leaderboardLink}
              </Link>
            </li>
          </ul>
          <section className="quiz-signin quiz-live-call" aria-labelledby="quiz-live-call-title">
            <h2 id="quiz-live-call-title" className="quiz-live-call__title">
              {liveQuizTexts.linkTitle}
            </h2>
            <p>{liveQuizTexts.linkText}</p>
            <Link to="/quizzes/live" className="button button--outline">
              <Radio aria-hidden size={20} />
              {liveQuizTexts.linkAction}
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}
