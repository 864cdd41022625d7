import "~/styles/quiz.css";
import "~/styles/interview.css";
import { Link } from "react-router";
import { SignInPrompt } from "~/components/sign-in-prompt";
import { gradedByLine } from "~/features/interview/grader-label";
import { INTERVIEW_ROLES } from "~/features/interview/interview-types";
import { ScoreChart } from "~/features/quiz/score-chart";
import { formatLongDate } from "~/lib/dates";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { technologies } from "~/lib/technologies";
import { fill, interviewTexts as t, questionTexts } from "~/lib/texts";
import { interviewHistory } from "../../server/interview/interview-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/interview-history";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  if (!user) return { signedIn: false as const, interviews: [] };
  return { signedIn: true as const, interviews: await interviewHistory(context.services, user) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: t.historyTitle,
    description: t.historyDescription,
    path: "/interview/history",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

const TRACK_ORDER = [...technologies.map((tech) => tech.slug), ...INTERVIEW_ROLES.map((role) => role.id)];

export default function InterviewHistory({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <SignInPrompt title={t.historyTitle} text={t.historySignedOut} button={t.signIn} />;
  const { interviews } = loaderData;
  const finished = interviews.filter((i) => i.status === "finished");
  const names = new Map(interviews.map((i) => [i.track, i.trackName]));
  return (
    <div className="quiz-history">
      <h1>{t.historyTitle}</h1>
      {interviews.length === 0 ? (
        <div className="quiz-empty">
          <p>{t.historyEmpty}</p>
          <Link className="button button--primary" to="/interview">
            {t.start}
          </Link>
        </div>
      ) : (
        <>
          {finished.length > 0 && (
            <section aria-labelledby="interview-chart-title">
              <h2 id="interview-chart-title">{t.chartTitle}</h2>
              <ScoreChart
                attempts={finished.map((i) => ({ id: i.id, technology: i.track, score: i.score ?? 0, finishedAt: i.finishedAt }))}
                order={TRACK_ORDER}
                nameOf={(track) => names.get(track) ?? track}
              />
            </section>
          )}
          <section aria-labelledby="interview-list-title">
            <h2 id="interview-list-title">{t.listTitle}</h2>
            <div className="table-scroll" role="region" aria-labelledby="interview-list-title" tabIndex={0}>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t.columns.date}</th>
                    <th scope="col">{t.columns.track}</th>
                    <th scope="col">{t.columns.level}</th>
                    <th scope="col" className="data-table__number">
                      {t.columns.score}
                    </th>
                    <th scope="col">{t.columns.grading}</th>
                    <th scope="col">{t.columns.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {interviews.map((interview) => (
                    <tr key={interview.id}>
                      <td>{formatLongDate(interview.finishedAt ?? interview.startedAt)}</td>
                      <td>{interview.trackName}</td>
                      <td>{questionTexts.levels[interview.level]}</td>
                      <td className="data-table__number">
                        {interview.score === null
                          ? "–"
                          : interview.selfCheckedAt
                            ? interview.score
                            : fill(t.historyProvisional, { score: interview.score })}
                      </td>
                      <td>
                        {gradedByLine(interview.graders) ?? "–"}
                        {interview.uncertain && !interview.selfCheckedAt && <span className="interview-unsure"> {t.historyUnsure}</span>}
                      </td>
                      <td>
                        <Link to={`/interview/${interview.id}`}>{interview.status === "finished" ? t.view : t.inProgress}</Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
