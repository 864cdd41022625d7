import { Clock, Lightbulb, Mic, MicOff, Send, SkipForward } from "lucide-react";
import { Suspense, lazy, useEffect, useId, useRef, useState } from "react";
import { FormBanner } from "~/components/form-banner";
import { readStored, writeStored } from "~/lib/storage";
import { fill, interviewTexts as t, questionTexts } from "~/lib/texts";
import { technologyBySlug } from "~/lib/technologies";
import { CodeBlock } from "../questions/code-block";
import { formatCountdown } from "../quiz/quiz-format";
import { useNow } from "../quiz/quiz-player";
import { requestInterviewTypeCheck } from "../challenges/type-check";
import { requestHint, streamStep } from "./interview-api";
import { Bubble } from "./interview-bubble";
import type { InterviewCurrent, InterviewState } from "./interview-types";
import { useDictation } from "./use-dictation";

// The editor and the test runner are heavy: loaded only when the coding task comes up.
const ChallengeSolver = lazy(() => import("../challenges/challenge-solver").then((m) => ({ default: m.ChallengeSolver })));

const draftKey = (id: string, current: InterviewCurrent) => `interview:${id}:${current.position}:${current.stage}`;

/** Time on the question against its suggested time; past it, how far over (it costs nothing). */
function QuestionTimer({ current, since }: { current: InterviewCurrent; since: number }) {
  const now = useNow(true);
  const elapsed = current.elapsedMs + Math.max(0, now - since);
  const left = current.suggestedSeconds * 1000 - elapsed;
  return (
    <div className={`quiz-timer${left < 0 ? " quiz-timer--low" : ""}`} role="timer" aria-label={t.timerLabel}>
      <Clock aria-hidden size={18} />
      <span className="quiz-timer__value">
        {left >= 0 ? fill(t.timeLeft, { time: formatCountdown(left) }) : fill(t.overTime, { time: formatCountdown(-left) })}
      </span>
    </div>
  );
}

function Material({ current }: { current: InterviewCurrent }) {
  const { material } = current;
  return (
    <>
      {material.promptHtml && <div className="question-prose" dangerouslySetInnerHTML={{ __html: material.promptHtml }} />}
      {material.statementHtml && <div className="question-prose" dangerouslySetInnerHTML={{ __html: material.statementHtml }} />}
      {material.code && <CodeBlock html={material.code.html} lang={material.code.lang} />}
    </>
  );
}

/**
 * A mock interview in progress (issue #13): one question at a time, the interviewer's words
 * streaming in, a timer, hints, dictation where the browser has it, and the coding task in the
 * runner. Every answer is kept in this browser until the server has it, so nothing typed is lost.
 */
export function InterviewRunner({ initial, onFinished }: { initial: InterviewState; onFinished: () => void }) {
  const [state, setState] = useState(initial);
  const [since, setSince] = useState(() => (typeof performance === "undefined" ? 0 : performance.now()));
  const [answer, setAnswer] = useState("");
  const [speaking, setSpeaking] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<{ code: string; passed: number; total: number } | null>(null);
  /** Read out by screen readers: the new question or follow-up, once it has been said whole. */
  const [announcement, setAnnouncement] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const answerId = useId();
  const helpId = useId();
  const { id } = state.interview;
  const current = state.current;
  const dictation = useDictation((words) => setAnswer((text) => (text && !/\s$/.test(text) ? `${text} ${words}` : text + words)));

  // A new question or stage: restore its draft (kept across reloads), restart the clock.
  const key = current ? draftKey(id, current) : null;
  useEffect(() => {
    if (!key) return;
    setAnswer(readStored(key) ?? "");
    setRun(null);
    setSince(performance.now());
  }, [key]);

  useEffect(() => {
    if (key) writeStored(key, answer || null);
  }, [key, answer]);

  if (!current)
    return (
      <p className="interview__help" role="status">
        {t.finishing}
      </p>
    );

  function apply(next: InterviewState, movedFocus = true) {
    setState(next);
    // The server's elapsed time is fresh: the clock counts from now.
    setSince(performance.now());
    if (!next.current) {
      onFinished();
      return;
    }
    const spoken = next.current.stage === "follow-up" ? next.current.followUp : next.current.asked;
    if (movedFocus) {
      setAnnouncement(`${fill(t.progress, { position: next.current.position + 1, total: next.current.total })}. ${spoken ?? ""}`);
      heading.current?.focus();
    }
  }

  async function send(body: Record<string, unknown>) {
    if (!current || sending) return;
    dictation.stop();
    setSending(true);
    setError(null);
    setSpeaking("");
    const sentKey = draftKey(id, current);
    const result = await streamStep(`/api/interviews/${encodeURIComponent(id)}/answers`, { position: current.position, ...body }, (text) =>
      setSpeaking((said) => (said ?? "") + text),
    );
    setSending(false);
    setSpeaking(null);
    if (result.kind === "state") {
      writeStored(sentKey, null);
      apply(result.state);
    } else if (result.kind === "moved-on") {
      setError(t.movedOn);
      await reload();
    } else setError(result.message ?? t.sendFailed);
  }

  async function reload() {
    const response = await fetch(`/api/interviews/${encodeURIComponent(id)}`).catch(() => null);
    const body = response?.ok ? ((await response.json()) as { state: InterviewState }) : null;
    if (body) apply(body.state);
  }

  async function hint() {
    if (!current) return;
    const result = await requestHint(id, current.position);
    if (result.kind === "state") apply(result.state, false);
    else {
      setError(result.message ?? t.sendFailed);
      if (result.kind === "moved-on") await reload();
    }
  }

  const technology = technologyBySlug(current.technology)?.name ?? current.technology;
  const followingUp = current.stage === "follow-up";
  const coding = current.kind === "program" && current.material.challenge;
  return (
    <div className="interview">
      <header className="interview__head">
        <div>
          <p className="interview__progress">{fill(t.progress, { position: current.position + 1, total: current.total })}</p>
          <h1 ref={heading} tabIndex={-1} className="interview__title">
            {t.kinds[current.kind]}
          </h1>
          <p className="interview__meta">
            {technology} · {questionTexts.levels[current.level]}
          </p>
        </div>
        <QuestionTimer current={current} since={since} />
      </header>

      <section className="interview__conversation" aria-label={t.interviewer}>
        <Bubble from="interviewer" text={current.asked} html={current.askedHtml} />
        <Material current={current} />
        {followingUp && (
          <>
            <Bubble from="you" text={current.answered} />
            <Bubble from="interviewer" text={current.followUp} html={current.followUpHtml} />
          </>
        )}
        {speaking !== null && <Bubble from="interviewer" text={speaking || t.thinking} />}
      </section>

      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      {/* Always in the page, so that a new hint is announced when it appears. */}
      <section className="interview-hints" aria-labelledby={`${answerId}-hints`} aria-live="polite" hidden={current.hints.length === 0}>
        <h2 id={`${answerId}-hints`}>{t.hintsTitle}</h2>
        <ul>
          {current.hintsHtml.map((h) => (
            // Sanitised on the server (renderSpokenMarkdown).
            <li key={h} className="interview-hints__hint" dangerouslySetInnerHTML={{ __html: h }} />
          ))}
        </ul>
      </section>

      <FormBanner tone="error">{error}</FormBanner>

      {coding ? (
        <div className="interview-coding">
          <Suspense fallback={<p>{t.thinking}</p>}>
            <ChallengeSolver
              key={current.position}
              questionId={`interview-${id}-${current.position}`}
              technology={current.technology}
              language={coding.language}
              starter={coding.starter}
              tests={coding.tests}
              interview={{
                draftKey: `interview:${id}:${current.position}:code`,
                checkTypes: (code) => requestInterviewTypeCheck(id, current.position, code),
                onTestsRun: setRun,
              }}
            />
          </Suspense>
          <p className="interview__help">{run ? fill(t.handInReady, { passed: run.passed, total: run.total }) : t.handInHelp}</p>
          <div className="interview__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!run || sending}
              onClick={() => run && void send({ code: run.code, testsPassed: run.passed, testsTotal: run.total })}
            >
              <Send aria-hidden size={16} /> {sending ? t.sending : t.handIn}
            </button>
            <HintButton current={current} onHint={hint} busy={sending} />
          </div>
        </div>
      ) : (
        <form
          className="interview-answer"
          onSubmit={(event) => {
            event.preventDefault();
            void send({ answer });
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={answerId}>
              {followingUp ? t.followUpLabel : t.answerLabel}
            </label>
            <p id={helpId} className="field__help">
              {current.kind === "console" && !followingUp ? t.consoleHelp : t.answerHelp}
            </p>
            <textarea
              id={answerId}
              className="interview-answer__text"
              aria-describedby={helpId}
              rows={8}
              maxLength={10_000}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              spellCheck
            />
          </div>
          {dictation.listening && <p className="interview__help">{t.listening}</p>}
          {dictation.error && <p className="interview__help">{fill(t.dictationFailed, { reason: dictation.error })}</p>}
          <div className="interview__actions">
            <button type="submit" className="button button--primary" disabled={sending || !answer.trim()}>
              <Send aria-hidden size={16} /> {sending ? t.sending : t.submit}
            </button>
            {dictation.available && (
              <button type="button" className="button button--outline" aria-pressed={dictation.listening} onClick={dictation.toggle}>
                {dictation.listening ? <MicOff aria-hidden size={16} /> : <Mic aria-hidden size={16} />}{" "}
                {dictation.listening ? t.stopDictating : t.dictate}
              </button>
            )}
            {!followingUp && <HintButton current={current} onHint={hint} busy={sending} />}
            <button type="button" className="button button--outline" disabled={sending} onClick={() => void send({ answer: "" })}>
              <SkipForward aria-hidden size={16} /> {followingUp ? t.skipFollowUp : t.skip}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** Stays in place when the hints run out (disabled), so that keyboard focus is not lost. */
function HintButton({ current, onHint, busy }: { current: InterviewCurrent; onHint: () => Promise<void>; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  const none = current.hintsLeft === 0;
  return (
    <button
      type="button"
      className="button button--outline"
      disabled={asking || busy || none}
      onClick={async () => {
        setAsking(true);
        await onHint();
        setAsking(false);
      }}
    >
      <Lightbulb aria-hidden size={16} /> {none ? t.noHintsLeft : t.hint}
    </button>
  );
}
