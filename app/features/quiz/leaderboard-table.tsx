import { formatLongDate } from "~/lib/dates";
import { quizTexts as t } from "~/lib/texts";
import { formatPerQuestion } from "./quiz-format";
import type { LeaderboardEntry } from "./quiz-types";

/** One board: rank, player, score, time per question, date; the reader's own row stands out (and says so). */
export function LeaderboardTable({ entries, caption }: { entries: LeaderboardEntry[]; caption: string }) {
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table leaderboard">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="data-table__number">
              {t.rank}
            </th>
            <th scope="col">{t.player}</th>
            <th scope="col" className="data-table__number">
              {t.score}
            </th>
            <th scope="col" className="data-table__number">
              {t.timePerQuestion}
            </th>
            <th scope="col">{t.date}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.rank} className={entry.you ? "leaderboard__you" : undefined} aria-current={entry.you ? "true" : undefined}>
              <td className="data-table__number">{entry.rank}</td>
              <th scope="row" className="leaderboard__name">
                {entry.name}
                {entry.you && <span className="leaderboard__badge">{t.you}</span>}
              </th>
              <td className="data-table__number">{entry.score}%</td>
              <td className="data-table__number">{formatPerQuestion(entry.durationMs, entry.questionCount)}</td>
              <td>{formatLongDate(entry.finishedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
