import { CircleCheck, CircleX, Clock } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { inOpenDialog, isTyping } from "~/lib/keyboard";
import { fill, texts, quizTexts as t } from "~/lib/texts";
import { ClosedOptions, OptionText, QuestionMeta, QuestionPrompt } from "./question-content";
import { fetchCurrent, sendAnswer } from "./quiz-api";
import { formatCountdown, quizTechnologyName } from "./quiz-format";
import type { QuizAttemptSummary, QuizFeedback, QuizQuestion } from "./quiz-types";

/**
 * One question at a time (issue #12). The server keeps the deadline; the countdown here
 * only shows it, and when it reaches zero the question is given up (option null), which
 * the server records as out of time. An answer the server finds late scores nothing.
 */

type State =
  | { phase: "loading" }
  /** `deadline` is on the performance.now() clock; null when untimed. */
  | { phase: "asking"; question: QuizQuestion; deadline: number | null; sending: boolean }
  | { phase: "feedback"; question: QuizQuestion; feedback: QuizFeedback }
  | { phase: "late"; question: QuizQuestion; chosen: number | null; finished: boolean }
  | { phase: "failed"; retry: () => void }
  | { phase: "finishing" };

/** The clock, ticking while `running`: enough to redraw a countdown shown in whole seconds. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => (typeof performance === "undefined" ? 0 : performance.now()));
  useEffect(() => {
    if (!running) return;
    setNow(performance.now());
    const timer = window.setInterval(() => setNow(performance.now()), 250);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}

function Progress({ position, total, done }: { position: number; total: number; done: number }) {
  const id = useId();
  const label = fill(t.questionOf, { n: position + 1, total });
  return (
    <div className="quiz-progress">
      <span id={id} className="quiz-progress__label">
        {label}
      </span>
      <div
        className="quiz-progress__track"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={label}
      >
        <div className="quiz-progress__fill" style={{ width: `${(100 * done) / Math.max(total, 1)}%` }} />
      </div>
    </div>
  );
}

export function Countdown({ remainingMs, totalMs }: { remainingMs: number; totalMs: number }) {
  const low = remainingMs <= 10_000;
  return (
    <div className={`quiz-timer${low ? " quiz-timer--low" : ""}`} role="timer" aria-label={t.timeLeft}>
      <Clock aria-hidden size={18} />
      <span className="quiz-timer__value">{formatCountdown(remainingMs)}</span>
      <span className="quiz-timer__track" aria-hidden>
        <span className="quiz-timer__fill" style={{ width: `${Math.max(0, Math.min(100, (100 * remainingMs) / totalMs))}%` }} />
      </span>
    </div>
  );
}

export function QuizPlayer({ attempt, onFinished }: { attempt: QuizAttemptSummary; onFinished: () => void }) {
  const [state, setState] = useState<State>({ phase: "loading" });
  const [choice, setChoice] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  /** Questions closed so far, for the progress bar (it stays put while the next question loads). */
  const [done, setDone] = useState(attempt.position);
  const busy = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const warned = useRef(-1);
  const optionId = useId();
  // The page's callback may change identity on every render; a question must not be asked for again because of it.
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });

  const load = useCallback(async () => {
    setState({ phase: "loading" });
    const result = await fetchCurrent(attempt.id);
    if (result.kind === "question") {
      const { question } = result;
      setChoice(null);
      setDone(question.position);
      setState({
        phase: "asking",
        question,
        deadline: question.remainingMs === null ? null : performance.now() + question.remainingMs,
        sending: false,
      });
    } else if (result.kind === "failed") {
      setState({ phase: "failed", retry: () => void load() });
    } else {
      // Finished (or gone): the page's loader knows what to show now.
      setState({ phase: "finishing" });
      finished.current();
    }
  }, [attempt.id]);

  useEffect(() => {
    void load();
  }, [load]);

  const answer = useCallback(
    async (question: QuizQuestion, option: number | null) => {
      if (busy.current) return;
      busy.current = true;
      setState((s) => (s.phase === "asking" ? { ...s, sending: true } : s));
      const result = await sendAnswer(attempt.id, question.position, option);
      busy.current = false;
      const last = question.position + 1 >= question.total;
      switch (result.kind) {
        case "feedback": {
          const { feedback } = result;
          setDone(question.position + 1);
          setState({ phase: "feedback", question, feedback });
          const verdict = feedback.outcome === "correct" ? t.correct : feedback.outcome === "wrong" ? t.wrong : t.timeUp;
          const correct = fill(t.correctIsWith, { n: feedback.correctOption + 1, option: question.options[feedback.correctOption] ?? "" });
          setAnnouncement(feedback.outcome === "correct" ? verdict : `${verdict}. ${correct}`);
          break;
        }
        case "late":
          setDone(question.position + 1);
          setState({ phase: "late", question, chosen: option, finished: last });
          setAnnouncement(`${t.timeUp}. ${t.late}`);
          break;
        case "moved-on":
        case "missing":
          void load();
          break;
        case "failed":
          setState({ phase: "failed", retry: () => void answer(question, option) });
      }
    },
    [attempt.id, load],
  );

  const next = useCallback(() => {
    const last = state.phase === "feedback" ? state.feedback.finished : state.phase === "late" && state.finished;
    setAnnouncement("");
    if (last) {
      setState({ phase: "finishing" });
      finished.current();
    } else void load();
  }, [state, load]);

  const asking = state.phase === "asking" ? state : null;
  const now = useNow(Boolean(asking && asking.deadline !== null && !asking.sending));
  const remaining = asking?.deadline != null ? Math.max(0, asking.deadline - now) : null;

  // The countdown ran out: give the question up, as the server would.
  useEffect(() => {
    if (asking && !asking.sending && remaining === 0) void answer(asking.question, null);
  }, [asking, remaining, answer]);

  // Once per question, a spoken warning when 10 seconds are left.
  useEffect(() => {
    if (!asking || remaining === null || remaining > 10_000 || remaining === 0) return;
    if (warned.current === asking.question.position) return;
    warned.current = asking.question.position;
    setAnnouncement(t.tenSecondsLeft);
  }, [asking, remaining]);

  // Focus follows the quiz: the question's title when it arrives, then the button that goes on.
  const shownPosition = asking?.question.position;
  useEffect(() => {
    if (shownPosition !== undefined) heading.current?.focus();
  }, [shownPosition]);
  useEffect(() => {
    if (state.phase === "feedback" || state.phase === "late") nextButton.current?.focus();
  }, [state.phase]);

  // Keys 1–9 choose, Enter submits or goes on. Buttons and links keep their own Enter.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      // The options' radio buttons are no field: their number keys are the quiz's.
      if (inOpenDialog(event.target) || isTyping(event.target, { except: "input[type=radio]" })) return;
      const onControl = event.target instanceof Element && Boolean(event.target.closest("button, a, summary"));
      if (state.phase === "asking" && !state.sending) {
        const index = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : -1;
        if (index >= 0 && index < state.question.options.length) {
          event.preventDefault();
          setChoice(index);
          document.getElementById(`${optionId}-${index}`)?.focus();
        } else if (event.key === "Enter" && !onControl && choice !== null) {
          event.preventDefault();
          void answer(state.question, choice);
        }
      } else if ((state.phase === "feedback" || state.phase === "late") && event.key === "Enter" && !onControl) {
        event.preventDefault();
        next();
      }
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [state, choice, answer, next, optionId]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (asking && choice !== null) void answer(asking.question, choice);
  }

  const question = state.phase === "asking" || state.phase === "feedback" || state.phase === "late" ? state.question : null;
  const total = attempt.questionCount;
  const position = Math.min(question?.position ?? done, total - 1);
  const closed = state.phase === "feedback" || state.phase === "late";
  const seconds = attempt.secondsPerQuestion;

  return (
    <div className="quiz-player">
      <div className="quiz-player__bar">
        <h1 className="quiz-player__title">{fill(t.quizHeading, { technology: quizTechnologyName(attempt.technology) })}</h1>
        <Progress position={position} total={total} done={done} />
        {seconds === null ? (
          <p className="quiz-timer quiz-timer--off">{t.untimed}</p>
        ) : (
          asking && remaining !== null && <Countdown remainingMs={remaining} totalMs={seconds * 1000} />
        )}
      </div>

      <p className="visually-hidden quiz-player__live" aria-live="polite">
        {announcement}
      </p>

      <section className="quiz-card" aria-labelledby={question ? `${optionId}-title` : undefined} aria-busy={!question}>
        {!question &&
          (state.phase === "failed" ? (
            <div className="quiz-card__failed">
              <p role="alert">{t.failed}</p>
              <button type="button" className="button button--primary" onClick={state.retry}>
                {t.retry}
              </button>
            </div>
          ) : (
            <div className="quiz-card__loading" role="status">
              <span className="spinner" aria-hidden />
              <span>{t.loading}</span>
            </div>
          ))}

        {question && (
          <>
            <QuestionMeta question={question} />
            <h2 id={`${optionId}-title`} className="quiz-question__title" tabIndex={-1} ref={heading}>
              {question.title}
            </h2>
            <QuestionPrompt question={question} />
          </>
        )}

        {asking && (
          <form className="quiz-answer" onSubmit={submit}>
            <fieldset className="quiz-answer__fieldset" disabled={asking.sending}>
              <legend className="visually-hidden">{t.yourChoice}</legend>
              <div className="quiz-options">
                {asking.question.options.map((option, i) => (
                  <label key={i} className="quiz-option quiz-option--choice" htmlFor={`${optionId}-${i}`}>
                    <input
                      id={`${optionId}-${i}`}
                      type="radio"
                      name="option"
                      value={i}
                      checked={choice === i}
                      onChange={() => setChoice(i)}
                    />
                    <span className="quiz-option__key" aria-hidden>
                      {i + 1}
                    </span>
                    <OptionText text={option} kind={asking.question.kind} />
                  </label>
                ))}
              </div>
              <div className="quiz-answer__actions">
                <button type="submit" className="button button--primary quiz-answer__submit" disabled={choice === null}>
                  {asking.sending ? t.checking : t.submit}
                </button>
                <p className="quiz-hint">{fill(t.keysHint, { max: Math.min(asking.question.options.length, 9) })}</p>
              </div>
            </fieldset>
          </form>
        )}

        {state.phase === "feedback" && <Feedback question={state.question} feedback={state.feedback} />}
        {state.phase === "late" && (
          <>
            <div className="quiz-verdict quiz-verdict--late">
              <p className="quiz-verdict__title">
                <Clock aria-hidden size={22} />
                {t.timeUp}
              </p>
              <p>{t.late}</p>
            </div>
            <ClosedOptions options={state.question.options} kind={state.question.kind} correct={null} chosen={state.chosen} />
          </>
        )}
        {closed && (
          <div className="quiz-answer__actions">
            <button type="button" ref={nextButton} className="button button--primary" onClick={next}>
              {(state.phase === "feedback" ? state.feedback.finished : state.finished) ? t.seeResults : t.next}
            </button>
            <p className="quiz-hint">{t.continueHint}</p>
          </div>
        )}
        {/* After the button that goes on, so that focusing it keeps the verdict and the options in view. */}
        {state.phase === "feedback" && state.feedback.explanationHtml && (
          <div className="quiz-explanation">
            <h3>{texts.labels.explanation}</h3>
            {/* Sanitised at import (server/questions/render.ts). */}
            <div className="question-prose" dangerouslySetInnerHTML={{ __html: state.feedback.explanationHtml }} />
          </div>
        )}
        {state.phase === "finishing" && (
          <div className="quiz-card__loading" role="status">
            <span className="spinner" aria-hidden />
            <span>{t.loadingResults}</span>
          </div>
        )}
      </section>
    </div>
  );
}

/** The verdict and the options marked: right, and the player's own. */
function Feedback({ question, feedback }: { question: QuizQuestion; feedback: QuizFeedback }) {
  const { outcome } = feedback;
  const Icon = outcome === "correct" ? CircleCheck : outcome === "wrong" ? CircleX : Clock;
  const verdict = outcome === "correct" ? t.correct : outcome === "wrong" ? t.wrong : t.timeUp;
  return (
    <>
      <div className={`quiz-verdict quiz-verdict--${outcome === "correct" ? "correct" : outcome === "wrong" ? "wrong" : "late"}`}>
        <p className="quiz-verdict__title">
          <Icon aria-hidden size={22} />
          {verdict}
        </p>
        {outcome === "skipped" && <p>{t.timeUpText}</p>}
        {outcome !== "correct" && <p>{fill(t.correctIs, { n: feedback.correctOption + 1 })}</p>}
      </div>
      <ClosedOptions options={question.options} kind={question.kind} correct={feedback.correctOption} chosen={feedback.chosenOption} />
    </>
  );
}
