import { CircleCheck, Medal, WifiOff } from "lucide-react";
import { type ReactNode, type Ref, type RefObject, useEffect, useRef } from "react";
import { Link } from "react-router";
import { fill, liveQuizTexts as t } from "~/lib/texts";
import { OptionText, QuestionMeta, QuestionPrompt } from "./question-content";
import { quizLevelName, quizTechnologyName } from "./quiz-format";
import { Countdown, useNow } from "./quiz-player";
import type { LiveView } from "./live-room-state";
import type { LiveConnection } from "./use-live-room";
import type { RoomEndReason, RoomInfo, RoomQuestion, RoomReveal, RoomStanding } from "./quiz-types";

/** Pieces both the host's and the players' screens show (issue #12). */

/** "JavaScript · All levels · 5 questions · 20 s each". */
export function roomSettings(room: RoomInfo): string {
  return fill(t.settings, {
    technology: quizTechnologyName(room.technology),
    level: quizLevelName(room.level),
    count: room.questionCount,
    seconds: room.secondsPerQuestion,
  });
}

/** A discreet note while the event stream is down; gone as soon as the next state arrives. */
export function ConnectionStatus({ connection }: { connection: LiveConnection }) {
  return (
    <p className="live-status" role="status">
      {connection === "reconnecting" && (
        <span className="live-status__badge">
          <WifiOff aria-hidden size={16} />
          {t.reconnecting}
        </span>
      )}
    </p>
  );
}

export function Connecting() {
  return (
    <div className="live-card live-card--center" role="status">
      <span className="spinner" aria-hidden />
      <span>{t.connecting}</span>
    </div>
  );
}

/**
 * Moves the focus as the room moves on — not when the page opens — to the new step's
 * heading (a question's title, a reveal), or to the final ranking, so keyboard and screen
 * reader users are not left on a button that has just gone.
 */
export function useStepFocus(view: LiveView, heading: RefObject<HTMLHeadingElement | null>) {
  const { status, position } = view.room;
  const first = useRef<string | null>(null);
  const step = view.you ? `${status}:${position}` : null;
  useEffect(() => {
    if (step === null) return;
    if (first.current === null) {
      first.current = step;
      return;
    }
    if (status === "finished") document.getElementById(FINAL_TITLE_ID)?.focus();
    else heading.current?.focus();
    // Once per step: answer counts and reconnections to the same step leave the focus alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);
}

/** Time left on the question being asked, on this browser's clock (never compared with the server's). */
export function useRemaining(deadline: number | null): number | null {
  const now = useNow(deadline !== null);
  return deadline === null ? null : Math.max(0, deadline - now);
}

/** "Question 2 of 5" and the countdown. */
export function QuestionBar({ question, remaining }: { question: RoomQuestion; remaining: number | null }) {
  return (
    <div className="live-bar">
      <p className="live-bar__count">{fill(t.questionOf, { n: question.position + 1, total: question.total })}</p>
      {remaining !== null && <Countdown remainingMs={remaining} totalMs={question.secondsPerQuestion * 1000} />}
    </div>
  );
}

/** The question's title (focused when it arrives), where it comes from, its prompt and code. */
export function QuestionHead({ question, headingRef, id }: { question: RoomQuestion; headingRef?: Ref<HTMLHeadingElement>; id: string }) {
  return (
    <>
      <QuestionMeta question={question.question} />
      <h2 id={id} className="quiz-question__title" tabIndex={-1} ref={headingRef}>
        {question.question.title}
      </h2>
      <QuestionPrompt question={question.question} />
    </>
  );
}

/**
 * A revealed question's options: the right one is marked with an icon and words (never by
 * colour alone), and a bar shows how many players chose each.
 */
export function RevealOptions({ question, reveal }: { question: RoomQuestion | null; reveal: RoomReveal }) {
  const most = Math.max(1, ...reveal.counts);
  return (
    <ol className="live-reveal-options">
      {reveal.counts.map((count, i) => {
        const correct = i === reveal.correctOption;
        const option = question?.question.options[i];
        return (
          <li key={i} className={`live-reveal-option${correct ? " live-reveal-option--correct" : ""}`}>
            <div className="live-reveal-option__head">
              <span className="quiz-option__key" aria-hidden>
                {i + 1}
              </span>
              {option !== undefined ? (
                <OptionText text={option} kind={question!.question.kind} />
              ) : (
                <span className="visually-hidden">{i + 1}</span>
              )}
              {correct && (
                <span className="quiz-tag quiz-tag--correct">
                  <CircleCheck aria-hidden size={16} />
                  {t.correctAnswer}
                </span>
              )}
            </div>
            <div className="live-reveal-option__count">
              <span className="live-bar-chart" aria-hidden>
                <span className="live-bar-chart__fill" style={{ width: `${(100 * count) / most}%` }} />
              </span>
              <span>{count === 1 ? t.choseOne : fill(t.chose, { count })}</span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export function Explanation({ reveal }: { reveal: RoomReveal }) {
  if (!reveal.explanationHtml) return null;
  return (
    <div className="live-explanation">
      <h3>{t.explanation}</h3>
      {/* Sanitised at import (server/questions/render.ts). */}
      <div className="question-prose" dangerouslySetInnerHTML={{ __html: reveal.explanationHtml }} />
    </div>
  );
}

/** The scores after a question: the top `limit`, then how many more there are. The viewer's own row says so. */
export function Standings({
  standings,
  youId,
  limit = 10,
  title = t.standingsTitle,
  showLast = true,
}: {
  standings: RoomStanding[];
  youId?: string;
  limit?: number;
  title?: string;
  showLast?: boolean;
}) {
  const shown = standings.slice(0, limit);
  const you = youId ? standings.find((s) => s.playerId === youId) : undefined;
  // The viewer's own row is always there, even below the top ten.
  if (you && !shown.includes(you)) shown.push(you);
  const more = standings.length - shown.length;
  return (
    <div className="live-standings">
      <div className="table-scroll">
        <table className="data-table live-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="data-table__number">
                {t.rank}
              </th>
              <th scope="col">{t.player}</th>
              <th scope="col" className="data-table__number">
                {t.score}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => {
              const mine = s.playerId === youId;
              return (
                <tr key={s.playerId} className={mine ? "live-table__you" : undefined} aria-current={mine ? "true" : undefined}>
                  <td className="data-table__number">{s.rank}</td>
                  <th scope="row" className="live-table__name">
                    {s.nickname}
                    {mine && <span className="live-badge">{t.you}</span>}
                  </th>
                  <td className="data-table__number">
                    {s.score}
                    {showLast && s.lastPoints > 0 && <span className="live-table__gain"> {fill(t.gained, { points: s.lastPoints })}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {more > 0 && <p className="live-standings__more">{more === 1 ? t.moreOnePlayer : fill(t.morePlayers, { count: more })}</p>}
    </div>
  );
}

const FINAL_TITLE_ID = "live-final-title";

/** The final ranking: the top three on a podium, then everyone in a table. */
export function FinalRanking({ standings, youId, children }: { standings: RoomStanding[]; youId?: string; children?: ReactNode }) {
  const top = standings.slice(0, 3);
  return (
    <section className="live-final" aria-labelledby={FINAL_TITLE_ID}>
      <h2 id={FINAL_TITLE_ID} className="live-final__title" tabIndex={-1}>
        {t.finalTitle}
      </h2>
      {children}
      {top.length > 0 && (
        <ol className="live-podium" aria-label={t.podium}>
          {top.map((s) => (
            <li key={s.playerId} className={`live-podium__place live-podium__place--${s.rank}`}>
              <Medal aria-hidden size={28} className="live-podium__medal" />
              <span className="visually-hidden">{fill(t.place, { rank: s.rank })}: </span>
              <span className="live-podium__name">
                {s.nickname}
                {s.playerId === youId && <span className="live-badge">{t.you}</span>}
              </span>
              <span className="live-podium__score">{fill(t.points, { points: s.score })}</span>
              <span className="live-podium__step" aria-hidden>
                {s.rank}
              </span>
            </li>
          ))}
        </ol>
      )}
      <Standings standings={standings} youId={youId} limit={standings.length} title={t.everyone} showLast={false} />
    </section>
  );
}

/** The room is over before its end: why, and the way back. */
export function EndedNotice({ reason, host }: { reason: RoomEndReason | null; host: boolean }) {
  const message = host ? (reason === "host-left" ? t.youLeft : t.youEnded) : reason === "host-left" ? t.hostLeft : t.hostEnded;
  return (
    <div className="live-card live-card--center live-ended">
      <h2 className="live-ended__title" role="alert">
        {message}
      </h2>
      <Link to="/quizzes/live" className="button button--primary">
        {host ? t.hostAgain : t.playAgain}
      </Link>
    </div>
  );
}
