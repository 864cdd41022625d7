import { RotateCcw } from "lucide-react";
import { questionPath } from "~/lib/technologies";
import { texts, questionTexts as t } from "~/lib/texts";
import type { QuestionSummary } from "../../../server/questions/question-service";
import { type Mark, NO_MARK, ProgressToggles } from "./progress-toggles";

interface Props {
  questions: QuestionSummary[];
  /** The signed-in user's marks; null for visitors, who get no toggles. */
  marks: Record<string, Mark> | null;
}

/**
 * UX.md: a numbered list of expandable items, title visible and answer collapsed. Rendered on
 * the server with titles only (docs/decisions/012): native <details>, so an item opens with no
 * script and offers the question's own page, where the answer is. The question-list island
 * (app/islands/question-list.ts, on the page around this list) fetches the page's answers as
 * HTML from the API after load and puts each in place as its item opens; it also runs the tools
 * (practice mode, fresh attempt, expand all), which are hidden until it does.
 */
export function QuestionList({ questions, marks }: Props) {
  if (!questions.length) return <p className="question-list__empty">{texts.labels.noData}</p>;
  return (
    <>
      <div className="question-list__tools" data-needs-js data-list-tools>
        <label className="switch">
          <input type="checkbox" role="switch" data-practice-switch />
          <span>{t.practiceMode}</span>
        </label>
        <button type="button" className="button button--outline button--small" hidden data-fresh-attempt>
          <RotateCcw aria-hidden size={16} /> {t.freshAttempt}
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          aria-pressed="false"
          data-expand-all
          data-expand-label={t.expandAll}
          data-collapse-label={t.collapseAll}
        >
          {t.expandAll}
        </button>
      </div>
      <p className="question-list__practice-help" hidden data-practice-help>
        {t.practiceHelp}
      </p>
      <ol className="question-list">
        {questions.map((q) => {
          const mark = marks?.[q.id] ?? NO_MARK;
          return (
            <li key={q.id} className={`question-list__entry${mark.done ? " question-list__entry--done" : ""}`} id={q.id}>
              <details className="question-item">
                <summary className="question-item__summary">
                  <span className="question-item__title">{q.title}</span>
                </summary>
                <div className="question-item__body">
                  <p className="question-item__link">
                    <a href={questionPath(q)}>{t.openQuestion}</a>
                  </p>
                </div>
              </details>
              {marks && <ProgressToggles questionId={q.id} title={q.title} mark={mark} />}
            </li>
          );
        })}
      </ol>
    </>
  );
}
