import { RotateCcw } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { questionPath } from "~/lib/technologies";
import { texts, questionTexts as t } from "~/lib/texts";
import type { Question } from "../../../server/questions/question-service";
import { type Mark, NO_MARK, ProgressToggles } from "./progress-toggles";
import { QuestionBody } from "./question-body";

interface Props {
  questions: Question[];
  /** The signed-in user's marks; null for visitors, who get no toggles. */
  marks: Record<string, Mark> | null;
  onMarkChange(questionId: string, next: Mark): void;
  practice: boolean;
  onPracticeChange(on: boolean): void;
}

/**
 * UX.md: a numbered list of expandable items, title visible and answer collapsed; one
 * can be expanded, all of them, or the question opened on its own page. Native
 * <details>, so it works before hydration and with the keyboard.
 */
export function QuestionList({ questions, marks, onMarkChange, practice, onPracticeChange }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const [allOpen, setAllOpen] = useState(false);
  const practiceId = useId();
  if (!questions.length) return <p className="question-list__empty">{texts.labels.noData}</p>;

  function openAll(open: boolean, selector = "details.question-item") {
    list.current?.querySelectorAll<HTMLDetailsElement>(selector).forEach((item) => (item.open = open));
    setAllOpen(open);
  }

  function freshAttempt() {
    openAll(false, "details");
    list.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  return (
    <>
      <div className="question-list__tools">
        <label className="switch" htmlFor={practiceId}>
          <input id={practiceId} type="checkbox" role="switch" checked={practice} onChange={(e) => onPracticeChange(e.target.checked)} />
          <span>{t.practiceMode}</span>
        </label>
        {practice && (
          <button type="button" className="button button--outline button--small" onClick={freshAttempt}>
            <RotateCcw aria-hidden size={16} /> {t.freshAttempt}
          </button>
        )}
        <button type="button" className="button button--outline button--small" onClick={() => openAll(!allOpen)} aria-pressed={allOpen}>
          {allOpen ? t.collapseAll : t.expandAll}
        </button>
      </div>
      {practice && <p className="question-list__practice-help">{t.practiceHelp}</p>}
      <ol className="question-list" ref={list}>
        {questions.map((q) => {
          const mark = marks?.[q.id] ?? NO_MARK;
          return (
            <li key={q.id} className={`question-list__entry${mark.done ? " question-list__entry--done" : ""}`} id={q.id}>
              <details className="question-item">
                <summary className="question-item__summary">
                  <span className="question-item__title">{q.title}</span>
                </summary>
                <div className="question-item__body">
                  <QuestionBody question={q} place="list" practice={practice} href={questionPath(q)} />
                  <p className="question-item__link">
                    <Link to={questionPath(q)}>{t.openQuestion}</Link>
                  </p>
                </div>
              </details>
              {marks && <ProgressToggles questionId={q.id} title={q.title} mark={mark} onChange={(next) => onMarkChange(q.id, next)} />}
            </li>
          );
        })}
      </ol>
    </>
  );
}
