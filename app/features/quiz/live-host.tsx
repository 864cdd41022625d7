import { Copy, Users } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { FormBanner } from "~/components/form-banner";
import { fill, liveQuizTexts as t } from "~/lib/texts";
import { hostAction } from "./live-api";
import {
  Connecting,
  EndedNotice,
  Explanation,
  FinalRanking,
  QuestionBar,
  QuestionHead,
  RevealOptions,
  Standings,
  useRemaining,
  useStepFocus,
} from "./live-parts";
import type { LiveView } from "./live-room-state";
import { OptionText } from "./question-content";

/**
 * The host's screen (issue #12), often shown on a projector: the code and who joined, then
 * each question with the answers coming in, the reveal with the standings, and the final
 * ranking. The host moves the room on; the screen changes when the server's event arrives.
 */
export function HostRoom({ view, joinUrl }: { view: LiveView; joinUrl: string }) {
  const { room } = view;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const remaining = useRemaining(view.question ? view.deadline : null);

  async function act(action: "next" | "reveal" | "end") {
    setBusy(true);
    setError(null);
    const result = await hostAction(room.code, action);
    setBusy(false);
    if (!result.ok) setError(result.message);
    if (action === "end") confirm.current?.close();
  }

  useStepFocus(view, headingRef);

  if (!view.you) return <Connecting />;
  if (room.status === "ended") return <EndedNotice reason={view.endedReason} host />;

  const open = room.status === "lobby" || room.status === "question" || room.status === "reveal";
  const question = view.question ?? view.shown;
  const last = view.reveal ? view.reveal.position + 1 >= view.reveal.total : false;

  return (
    <>
      <FormBanner tone="error">{error}</FormBanner>

      {room.status === "lobby" && (
        <section className="live-card live-lobby" aria-labelledby={titleId}>
          <h2 id={titleId} className="live-lobby__title" tabIndex={-1} ref={headingRef}>
            {t.hostHeading}
          </h2>
          <Lobby view={view} joinUrl={joinUrl} />
          <div className="live-actions">
            <button
              type="button"
              className="button button--primary live-actions__main"
              disabled={busy || room.playerCount < 1}
              onClick={() => void act("next")}
              aria-describedby={room.playerCount < 1 ? `${titleId}-hint` : undefined}
            >
              {busy ? t.working : t.start}
            </button>
            {room.playerCount < 1 && (
              <p id={`${titleId}-hint`} className="quiz-hint">
                {t.startHint}
              </p>
            )}
          </div>
        </section>
      )}

      {room.status === "question" && view.question && (
        <section className="live-card live-question" aria-labelledby={titleId}>
          <QuestionBar question={view.question} remaining={remaining} />
          <QuestionHead question={view.question} id={titleId} headingRef={headingRef} />
          <ol className="quiz-options live-options--shown">
            {view.question.question.options.map((option, i) => (
              <li key={i} className="quiz-option">
                <span className="quiz-option__key" aria-hidden>
                  {i + 1}
                </span>
                <span className="visually-hidden">{i + 1}. </span>
                <OptionText text={option} kind={view.question!.question.kind} />
              </li>
            ))}
          </ol>
          <div className="live-actions">
            <p className="live-answered" aria-live="polite">
              <Users aria-hidden size={20} />
              {fill(t.answeredOf, { answered: view.answered ?? 0, total: room.playerCount })}
            </p>
            <button type="button" className="button button--outline" disabled={busy} onClick={() => void act("reveal")}>
              {t.revealNow}
            </button>
          </div>
        </section>
      )}

      {room.status === "reveal" && view.reveal && (
        <section className="live-card live-reveal" aria-labelledby={titleId}>
          <p className="live-bar__count">{fill(t.questionOf, { n: view.reveal.position + 1, total: view.reveal.total })}</p>
          <h2 id={titleId} className="quiz-question__title" tabIndex={-1} ref={headingRef}>
            {question?.position === view.reveal.position
              ? question.question.title
              : fill(t.questionOf, { n: view.reveal.position + 1, total: view.reveal.total })}
          </h2>
          <RevealOptions question={question?.position === view.reveal.position ? question : null} reveal={view.reveal} />
          <Standings standings={view.reveal.standings} />
          <div className="live-actions">
            <button type="button" className="button button--primary live-actions__main" disabled={busy} onClick={() => void act("next")}>
              {busy ? t.working : last ? t.showResults : t.nextQuestion}
            </button>
          </div>
          <Explanation reveal={view.reveal} />
        </section>
      )}

      {room.status === "finished" && view.standings && (
        <div className="live-card">
          <FinalRanking standings={view.standings} />
          <div className="live-actions">
            <Link to="/quizzes/live" className="button button--outline">
              {t.hostAgain}
            </Link>
          </div>
        </div>
      )}

      {open && (
        <div className="live-room__end">
          <button type="button" className="button button--outline button--small" onClick={() => confirm.current?.showModal()}>
            {t.endQuiz}
          </button>
          <dialog ref={confirm} className="modal" aria-labelledby={`${titleId}-end`}>
            <div className="modal__panel">
              <h2 id={`${titleId}-end`}>{t.endConfirmTitle}</h2>
              <p>{t.endConfirmText}</p>
              <div className="modal__actions">
                <button type="button" className="button button--outline" autoFocus onClick={() => confirm.current?.close()}>
                  {t.keepPlaying}
                </button>
                <button type="button" className="button button--danger" disabled={busy} onClick={() => void act("end")}>
                  {busy ? t.working : t.endConfirm}
                </button>
              </div>
            </div>
          </dialog>
        </div>
      )}
    </>
  );
}

/** The code to type, the link to share, and who has joined so far (the count is read out as it changes). */
function Lobby({ view, joinUrl }: { view: LiveView; joinUrl: string }) {
  const { room, players } = view;
  const [copied, setCopied] = useState<string | null>(null);
  const linkId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(joinUrl);
      setCopied(t.copied);
    } catch {
      setCopied(t.copyFailed);
    }
  }

  const count = room.playerCount;
  return (
    <>
      <div className="live-code">
        <p className="live-code__label">{t.codeLabel}</p>
        {/* Screen readers get the characters one by one, as they would be read out to the room. */}
        <p className="live-code__value" data-allow-copy>
          <span aria-hidden>{room.code}</span>
          <span className="visually-hidden">{fill(t.codeSpelled, { code: room.code.split("").join(" ") })}</span>
        </p>
      </div>
      <div className="live-link">
        <label htmlFor={linkId} className="field__label">
          {t.joinLink}
        </label>
        <div className="live-link__row">
          <input id={linkId} className="live-link__input" readOnly value={joinUrl} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button button--outline" onClick={() => void copy()}>
            <Copy aria-hidden size={18} />
            {t.copy}
          </button>
        </div>
        <p className="quiz-hint" role="status">
          {copied}
        </p>
      </div>
      <h2 className="live-players__title">{t.playersTitle}</h2>
      <p className="live-players__count" aria-live="polite">
        {count === 0 ? t.playerCountNone : count === 1 ? t.playerCountOne : fill(t.playerCount, { count })}
      </p>
      {players.length > 0 && (
        <ul className="live-players">
          {players.map((p) => (
            <li key={p.id} className="live-players__item">
              {p.nickname}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
