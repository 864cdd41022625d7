import { CircleCheck, CircleX, Clock, Lock } from "lucide-react";
import { type Ref, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { FormBanner } from "~/components/form-banner";
import { inOpenDialog, isTyping } from "~/lib/keyboard";
import { fill, liveQuizTexts as t } from "~/lib/texts";
import { sendRoomAnswer } from "./live-api";
import {
  Connecting,
  EndedNotice,
  Explanation,
  FinalRanking,
  QuestionBar,
  QuestionHead,
  Standings,
  useRemaining,
  useStepFocus,
} from "./live-parts";
import { type LiveView, myStanding } from "./live-room-state";
import { type LivePlayerTicket, readAnswer, saveAnswer } from "./live-storage";
import { ClosedOptions, OptionText } from "./question-content";
import type { RoomQuestion, RoomReveal } from "./quiz-types";

/**
 * A player's screen (issue #12): waiting in the lobby, answering each question once with
 * large buttons, "Answer locked in" until the reveal, then right or wrong with the points
 * and the standings, and the final ranking. An answer is sent at once on a tap or a click;
 * with the keyboard, keys 1–4 pick an option and Enter sends it, as in the practice quiz.
 */
export function PlayerRoom({
  view,
  ticket,
  onRefused,
}: {
  view: LiveView;
  ticket: LivePlayerTicket;
  /** The server no longer knows this player's token. */
  onRefused: () => void;
}) {
  const { room } = view;
  const code = room.code;
  const [sending, setSending] = useState<number | null>(null);
  /** Positions answered, with the option sent (null: the server says answered, the option is not known here). */
  const [answers, setAnswers] = useState<Record<number, number | null>>({});
  const [late, setLate] = useState<number | null>(null);
  /** An answer that could not be sent, for the question it was meant for. */
  const [error, setError] = useState<{ position: number; message: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const optionId = useId();
  const question = view.question;
  const remaining = useRemaining(question ? view.deadline : null);

  const position = room.position;
  const answered = position in answers || (view.you?.role === "player" && Boolean(view.you.answered) && room.status === "question");
  const chosen = answers[position] ?? (typeof window === "undefined" ? null : readAnswer(code, position));

  const send = useCallback(
    async (q: RoomQuestion, option: number) => {
      if (sending !== null) return;
      setSending(option);
      setError(null);
      const result = await sendRoomAnswer(code, ticket.token, q.position, option);
      setSending(null);
      if (result.ok || (result.status === 409 && result.code === "conflict")) {
        // Accepted, or accepted before (another tab, a retry): either way the answer is in.
        if (result.ok) saveAnswer(code, q.position, option);
        setAnswers((a) => ({ ...a, [q.position]: result.ok ? option : (readAnswer(code, q.position) ?? null) }));
      } else if (result.code === "deadline_passed") {
        setLate(q.position);
      } else if (result.status === 401) {
        onRefused();
      } else {
        setError({ position: q.position, message: result.status === 0 ? t.sendFailed : result.message });
      }
    },
    [code, ticket.token, sending, onRefused],
  );

  const canAnswer = room.status === "question" && question !== null && !answered && late !== position && remaining !== 0;

  // Keys 1–9 pick an option (its button takes the focus); Enter on it sends, as a click does.
  useEffect(() => {
    if (!canAnswer || !question) return;
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      if (inOpenDialog(event.target) || isTyping(event.target) || !/^[1-9]$/.test(event.key)) return;
      const index = Number(event.key) - 1;
      if (index >= question!.question.options.length) return;
      event.preventDefault();
      document.getElementById(`${optionId}-${index}`)?.focus();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [canAnswer, question, optionId]);

  useStepFocus(view, headingRef);

  if (!view.you) return <Connecting />;
  if (room.status === "ended") return <EndedNotice reason={view.endedReason} host={false} />;

  return (
    <>
      <FormBanner tone="error">{error?.position === position && room.status === "question" ? error.message : null}</FormBanner>

      {room.status === "lobby" && (
        <section className="live-card live-card--center live-waiting" aria-labelledby={titleId}>
          <h2 id={titleId} className="live-waiting__title" tabIndex={-1} ref={headingRef}>
            {fill(t.youreIn, { nickname: ticket.nickname })}
          </h2>
          <p>{t.waiting}</p>
          <p className="live-players__count" aria-live="polite">
            {room.playerCount === 1 ? t.playerCountOne : fill(t.playerCount, { count: room.playerCount })}
          </p>
        </section>
      )}

      {room.status === "question" && question && (
        <section className="live-card live-question" aria-labelledby={titleId}>
          <QuestionBar question={question} remaining={remaining} />
          <QuestionHead question={question} id={titleId} headingRef={headingRef} />
          {canAnswer ? (
            <fieldset className="live-answer" disabled={sending !== null}>
              <legend className="visually-hidden">{t.yourAnswer}</legend>
              <div className="quiz-options live-options">
                {question.question.options.map((option, i) => (
                  <button
                    key={i}
                    id={`${optionId}-${i}`}
                    type="button"
                    className={`quiz-option live-option${sending === i ? " live-option--sending" : ""}`}
                    onClick={() => void send(question, i)}
                  >
                    <span className="quiz-option__key" aria-hidden>
                      {i + 1}
                    </span>
                    <OptionText text={option} kind={question.question.kind} />
                  </button>
                ))}
              </div>
              <p className="quiz-hint">
                {sending !== null ? t.sending : fill(t.keysHint, { max: Math.min(question.question.options.length, 9) })}
              </p>
            </fieldset>
          ) : (
            <AnswerClosed question={question} chosen={answered ? chosen : null} answered={answered} late={late === position} />
          )}
        </section>
      )}

      {room.status === "reveal" && view.reveal && (
        <PlayerReveal view={view} reveal={view.reveal} chosen={chosen} answered={answered} titleId={titleId} headingRef={headingRef} />
      )}

      {room.status === "finished" && view.standings && (
        <div className="live-card">
          <FinalRanking standings={view.standings} youId={view.you.role === "player" ? view.you.playerId : undefined}>
            <FinalVerdict view={view} />
          </FinalRanking>
          <div className="live-actions">
            <Link to="/quizzes/live" className="button button--outline">
              {t.playAgain}
            </Link>
          </div>
        </div>
      )}
    </>
  );
}

/** After answering (or when time ran out): what was sent, and that the results come next. */
function AnswerClosed({
  question,
  chosen,
  answered,
  late,
}: {
  question: RoomQuestion;
  chosen: number | null;
  answered: boolean;
  late: boolean;
}) {
  if (answered) {
    return (
      <div className="live-locked" role="status">
        <p className="live-locked__title">
          <Lock aria-hidden size={22} />
          {t.lockedIn}
        </p>
        {chosen !== null && question.question.options[chosen] !== undefined && (
          <div className="live-locked__choice">
            <span className="quiz-option__key" aria-hidden>
              {chosen + 1}
            </span>
            <span className="visually-hidden">{t.yourAnswer}: </span>
            <OptionText text={question.question.options[chosen]} kind={question.question.kind} />
          </div>
        )}
        <p>{t.lockedInText}</p>
      </div>
    );
  }
  return (
    <div className="live-locked live-locked--late" role="status">
      <p className="live-locked__title">
        <Clock aria-hidden size={22} />
        {t.timeUp}
      </p>
      <p>{late ? t.late : t.timeUpText}</p>
    </div>
  );
}

function PlayerReveal({
  view,
  reveal,
  chosen,
  answered,
  titleId,
  headingRef,
}: {
  view: LiveView;
  reveal: RoomReveal;
  chosen: number | null;
  answered: boolean;
  titleId: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const mine = myStanding(view, reveal.standings);
  const question = view.shown?.position === reveal.position ? view.shown : null;
  // Only right answers score, so points say "right" even when this tab forgot the option sent.
  const right = (mine?.lastPoints ?? 0) > 0 || chosen === reveal.correctOption;
  const verdict = right ? t.right : chosen !== null || answered ? t.wrong : t.noAnswer;
  const Icon = right ? CircleCheck : chosen !== null || answered ? CircleX : Clock;
  const correctText = question?.question.options[reveal.correctOption];
  return (
    <section className="live-card live-reveal" aria-labelledby={titleId}>
      <p className="live-bar__count">{fill(t.questionOf, { n: reveal.position + 1, total: reveal.total })}</p>
      <div className={`quiz-verdict quiz-verdict--${right ? "correct" : chosen !== null || answered ? "wrong" : "late"} live-verdict`}>
        <h2 id={titleId} className="quiz-verdict__title" tabIndex={-1} ref={headingRef}>
          <Icon aria-hidden size={26} />
          {verdict}
        </h2>
        {!right && (
          <p>
            {correctText !== undefined
              ? fill(t.correctIs, { n: reveal.correctOption + 1, option: correctText })
              : fill(t.correctIsNumber, { n: reveal.correctOption + 1 })}
          </p>
        )}
        {mine && (
          <dl className="live-score">
            <div>
              <dt>{t.gainedLabel}</dt>
              <dd>{mine.lastPoints > 0 ? fill(t.gained, { points: mine.lastPoints }) : 0}</dd>
            </div>
            <div>
              <dt>{t.yourScore}</dt>
              <dd>{mine.score}</dd>
            </div>
            <div>
              <dt>{t.yourRank}</dt>
              <dd>{fill(t.rankOf, { rank: mine.rank, count: reveal.standings.length })}</dd>
            </div>
          </dl>
        )}
      </div>
      {question && (
        <>
          <h3 className="live-reveal__question">{question.question.title}</h3>
          <ClosedOptions options={question.question.options} kind={question.question.kind} correct={reveal.correctOption} chosen={chosen} />
        </>
      )}
      <Standings standings={reveal.standings} youId={mine?.playerId} />
      <p className="quiz-hint">{reveal.position + 1 < reveal.total ? t.waitNext : t.waitResults}</p>
      <Explanation reveal={reveal} />
    </section>
  );
}

function FinalVerdict({ view }: { view: LiveView }) {
  const mine = myStanding(view, view.standings);
  if (!mine || !view.standings) return null;
  return <p className="live-final__you">{fill(t.youFinished, { rank: mine.rank, count: view.standings.length, score: mine.score })}</p>;
}
