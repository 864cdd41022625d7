import { RotateCcw } from "lucide-react";
import { type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { questionPath } from "~/lib/technologies";
import { texts, questionTexts as t } from "~/lib/texts";
import type { Question, QuestionSummary } from "../../../server/questions/question-service";
import { type Mark, NO_MARK, ProgressToggles } from "./progress-toggles";
import { QuestionBody } from "./question-body";

interface Props {
  questions: QuestionSummary[];
  /** The API address of the same page of questions, whole (answers, explanations, code). */
  contentUrl: string;
  /** The signed-in user's marks; null for visitors, who get no toggles. */
  marks: Record<string, Mark> | null;
  onMarkChange(questionId: string, next: Mark): void;
  practice: boolean;
  onPracticeChange(on: boolean): void;
}

type Content = { state: "idle" | "loading" | "failed" } | { state: "ready"; questions: Map<string, Question> };

/**
 * The page's questions whole, from the API, fetched once the list is in the browser (after the
 * page has painted): the server sends titles only, so a list of 100 weighs a fifth as much,
 * and an answer is usually there before the reader opens one.
 */
function useListContent(url: string | null) {
  const [content, setContent] = useState<Content>({ state: "idle" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    setContent({ state: "loading" });
    fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { questions: Question[] };
        setContent({ state: "ready", questions: new Map(body.questions.map((q) => [q.id, q])) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setContent({ state: "failed" });
      });
    return () => controller.abort();
  }, [url, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { content, retry };
}

/**
 * The items whose answer is built: those the reader has opened. The answers arrive for the
 * whole page at once, but building up to 100 of them (prose, highlighted code) in one go held
 * a slow phone's main thread for a quarter of a second just after the page loaded, for answers
 * nobody had opened yet; one is built when its item opens, and stays built.
 */
function useOpenedItems(list: RefObject<HTMLOListElement | null>) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const open = useCallback((ids: string[]) => {
    setOpened((before) => (ids.every((id) => before.has(id)) ? before : new Set([...before, ...ids])));
  }, []);
  // Native <details> opens before the page is interactive, when no toggle handler is there yet.
  useEffect(() => {
    const items = [...(list.current?.children ?? [])];
    open(items.filter((item) => item.querySelector("details")?.open).map((item) => item.id));
  }, [list, open]);
  return { opened, open };
}

/**
 * UX.md: a numbered list of expandable items, title visible and answer collapsed; one
 * can be expanded, all of them, or the question opened on its own page. Native
 * <details>, so it opens before hydration and with the keyboard (before the answers have
 * arrived it offers the question's own page).
 */
export function QuestionList({ questions, contentUrl, marks, onMarkChange, practice, onPracticeChange }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const [allOpen, setAllOpen] = useState(false);
  const practiceId = useId();
  // An empty list has nothing to fetch.
  const { content, retry } = useListContent(questions.length ? contentUrl : null);
  const { opened, open } = useOpenedItems(list);
  if (!questions.length) return <p className="question-list__empty">{texts.labels.noData}</p>;

  function openAll(isOpen: boolean, selector = "details.question-item") {
    list.current?.querySelectorAll<HTMLDetailsElement>(selector).forEach((item) => (item.open = isOpen));
    // One update for all; each item's toggle event then finds its id there already.
    if (isOpen) open(questions.map((q) => q.id));
    setAllOpen(isOpen);
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
          const whole = content.state === "ready" && opened.has(q.id) ? content.questions.get(q.id) : undefined;
          return (
            <li key={q.id} className={`question-list__entry${mark.done ? " question-list__entry--done" : ""}`} id={q.id}>
              <details className="question-item" onToggle={(e) => e.currentTarget.open && open([q.id])}>
                <summary className="question-item__summary">
                  <span className="question-item__title">{q.title}</span>
                </summary>
                <div className="question-item__body">
                  {whole ? (
                    <QuestionBody question={whole} place="list" practice={practice} href={questionPath(q)} />
                  ) : content.state === "loading" ? (
                    <p className="question-item__pending">{t.answerLoading}</p>
                  ) : content.state === "failed" ? (
                    <p className="question-item__pending" role="alert">
                      {t.answerFailed}{" "}
                      <button type="button" className="button button--outline button--small" onClick={retry}>
                        {t.retry}
                      </button>
                    </p>
                  ) : null}
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
