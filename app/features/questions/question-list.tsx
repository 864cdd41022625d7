import { useRef, useState } from "react";
import { Link } from "react-router";
import { texts, questionTexts as t } from "~/lib/texts";
import type { Question } from "../../../server/questions/question-service";
import { QuestionBody } from "./question-body";

export const questionPath = (q: { technology: string; id: string }) => `/${q.technology}-questions/${q.id}`;

/**
 * UX.md: a numbered list of expandable items, title visible and answer collapsed; one
 * can be expanded, all of them, or the question opened on its own page. Native
 * <details>, so it works before hydration and with the keyboard.
 */
export function QuestionList({ questions, start = 1 }: { questions: Question[]; start?: number }) {
  const list = useRef<HTMLOListElement>(null);
  const [allOpen, setAllOpen] = useState(false);
  if (!questions.length) return <p className="question-list__empty">{texts.labels.noData}</p>;

  function toggleAll() {
    const open = !allOpen;
    list.current?.querySelectorAll<HTMLDetailsElement>("details.question-item").forEach((item) => (item.open = open));
    setAllOpen(open);
  }

  return (
    <>
      <div className="question-list__tools">
        <button type="button" className="button button--outline button--small" onClick={toggleAll} aria-pressed={allOpen}>
          {allOpen ? t.collapseAll : t.expandAll}
        </button>
      </div>
      <ol className="question-list" start={start} ref={list}>
        {questions.map((q) => (
          <li key={q.id} className="question-list__entry" id={q.id}>
            <details className="question-item">
              <summary className="question-item__summary">
                <span className="question-item__title">{q.title}</span>
              </summary>
              <div className="question-item__body">
                <QuestionBody question={q} place="list" href={questionPath(q)} />
                <p className="question-item__link">
                  <Link to={questionPath(q)}>{t.openQuestion}</Link>
                </p>
              </div>
            </details>
          </li>
        ))}
      </ol>
    </>
  );
}
