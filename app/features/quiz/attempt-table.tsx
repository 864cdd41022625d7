import { Link } from "react-router";
import { formatLongDate } from "~/lib/dates";
import { fill, quizTexts as t } from "~/lib/texts";
import { formatDuration, quizLevelName, quizTechnologyName } from "./quiz-format";
import type { QuizAttemptSummary } from "./quiz-types";

/** A signed-in user's finished quizzes, newest first: the chart's data in words, and the way to each review. */
export function AttemptTable({ attempts, labelledBy }: { attempts: QuizAttemptSummary[]; labelledBy: string }) {
  return (
    // Scrolls sideways on narrow screens; focusable so that keyboards can scroll it too.
    <div className="table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="data-table quiz-attempts">
        <thead>
          <tr>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.technology}</th>
            <th scope="col">{t.level}</th>
            <th scope="col" className="data-table__number">
              {t.score}
            </th>
            <th scope="col" className="data-table__number">
              {t.correctColumn}
            </th>
            <th scope="col" className="data-table__number">
              {t.timeColumn}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t.reviewLink}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt) => {
            const date = formatLongDate(attempt.finishedAt ?? attempt.startedAt);
            return (
              <tr key={attempt.id}>
                <td>{date}</td>
                <td>{quizTechnologyName(attempt.technology)}</td>
                <td>{quizLevelName(attempt.level)}</td>
                <td className="data-table__number">{attempt.score}%</td>
                <td className="data-table__number">
                  {attempt.correctCount}/{attempt.questionCount}
                </td>
                <td className="data-table__number">{formatDuration(attempt.durationMs)}</td>
                <td>
                  <Link to={`/quizzes/play/${attempt.id}`}>
                    {t.reviewLink}
                    <span className="visually-hidden"> {fill(t.reviewOf, { date })}</span>
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
