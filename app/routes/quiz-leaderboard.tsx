import "~/styles/quiz.css";
import { Form, Link } from "react-router";
import { SelectField } from "~/components/field";
import { LeaderboardTable } from "~/features/quiz/leaderboard-table";
import { quizTechnologyName } from "~/features/quiz/quiz-format";
import { QUIZ_TECHNOLOGIES } from "~/features/quiz/quiz-settings";
import type { LeaderboardPeriod } from "~/features/quiz/quiz-types";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { technologies } from "~/lib/technologies";
import { fill, quizTexts as t } from "~/lib/texts";
import { leaderboard } from "../../server/quiz/quiz-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/quiz-leaderboard";

const PERIODS: LeaderboardPeriod[] = ["week", "all"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const technology = QUIZ_TECHNOLOGIES.find((slug) => slug === params.get("technology")) ?? "mixed";
  const period = PERIODS.find((p) => p === params.get("period")) ?? "week";
  const user = await currentUser(context.services, request.headers);
  return { technology, period, entries: await leaderboard(context.services, technology, period, user) };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const site = siteFromMatches(matches);
  const isDefault = !loaded || (loaded.technology === "mixed" && loaded.period === "week");
  return pageMeta({
    title: isDefault ? t.leaderboardTitle : `${t.leaderboardTitle} – ${quizTechnologyName(loaded.technology)}`,
    description: t.leaderboardDescription,
    path: isDefault ? "/quizzes/leaderboard" : `/quizzes/leaderboard?technology=${loaded.technology}&period=${loaded.period}`,
    siteName: site.name,
    baseUrl: site.baseUrl,
  });
};

export default function QuizLeaderboard({ loaderData }: Route.ComponentProps) {
  const { technology, period, entries } = loaderData;
  const name = quizTechnologyName(technology);
  const periodName = period === "week" ? t.week : t.allTime;
  const [before, after] = t.leaderboardHide.split("{settings}");
  return (
    <div className="quiz-board">
      <h1>{t.leaderboardTitle}</h1>
      <p className="lead">{t.leaderboardRules}</p>
      <p className="quiz-board__hide">
        {before}
        <Link to="/account">{t.accountSettings}</Link>
        {after}
      </p>
      <div className="quiz-board__controls">
        {/* A GET form: the board is server-rendered and its address can be shared; it works without JavaScript. */}
        <Form method="get" className="quiz-board__filter">
          <SelectField
            key={technology}
            label={t.technology}
            name="technology"
            defaultValue={technology}
            options={[{ value: "mixed", label: t.mixed }, ...technologies.map((tech) => ({ value: tech.slug, label: tech.name }))]}
          />
          <input type="hidden" name="period" value={period} />
          <button type="submit" className="button button--outline">
            {t.show}
          </button>
        </Form>
        <nav className="segmented quiz-board__periods" aria-label={t.period}>
          {PERIODS.map((p) => (
            <Link
              key={p}
              className="segmented__item"
              to={`?technology=${technology}&period=${p}`}
              aria-current={p === period ? "page" : undefined}
              preventScrollReset
            >
              {p === "week" ? t.week : t.allTime}
            </Link>
          ))}
        </nav>
      </div>
      {entries.length ? (
        <LeaderboardTable entries={entries} caption={fill(t.caption, { technology: name, period: periodName })} />
      ) : (
        <div className="quiz-empty">
          <p>{t.leaderboardEmpty}</p>
          <Link className="button button--primary" to={`/quizzes?technology=${technology}`}>
            {technology === "mixed" ? t.takeAQuiz : fill(t.takeQuiz, { technology: name })}
          </Link>
        </div>
      )}
    </div>
  );
}
