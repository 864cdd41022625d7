import { CircleCheck, CircleX, Clock } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { formatLongDate } from "~/lib/dates";
import { questionPath } from "~/lib/technologies";
import { fill, texts, quizTexts as t } from "~/lib/texts";
import { ClosedOptions, QuestionMeta, QuestionPrompt } from "./question-content";
import { formatDuration, formatPerQuestion, quizLevelName, quizTechnologyName, quizTimeName, tallyOutcomes } from "./quiz-format";
import { settingsSearch, timeValue } from "./quiz-settings";
import type { QuizAttemptDetail, QuizOutcome, QuizReviewItem, QuizSettings } from "./quiz-types";

/** The score as a ring: the drawn arc is the share answered correctly. */
function ScoreRing({ score }: { score: number }) {
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg className="score-ring" viewBox="0 0 120 120" role="img" aria-label={fill(t.scoreAria, { score })}>
      <circle className="score-ring__track" cx="60" cy="60" r={radius} />
      {score > 0 && (
        <circle
          className="score-ring__arc"
          cx="60"
          cy="60"
          r={radius}
          strokeDasharray={`${(circumference * score) / 100} ${circumference}`}
          transform="rotate(-90 60 60)"
        />
      )}
      <text className="score-ring__value" x="60" y="60" textAnchor="middle" dominantBaseline="central">
        {score}%
      </text>
    </svg>
  );
}

/** Starts a new attempt with the same settings (the set-up page's action does it, with or without JavaScript). */
export function PlayAgain({ settings }: { settings: QuizSettings }) {
  return (
    <Form method="post" action="/quizzes" className="quiz-results__again">
      <input type="hidden" name="technology" value={settings.technology} />
      <input type="hidden" name="level" value={settings.level} />
      <input type="hidden" name="count" value={settings.questionCount} />
      <input type="hidden" name="time" value={timeValue(settings.secondsPerQuestion)} />
      <button type="submit" className="button button--primary">
        {t.playAgain}
      </button>
    </Form>
  );
}

const outcomeIcon: Record<QuizOutcome, typeof CircleCheck> = { correct: CircleCheck, wrong: CircleX, skipped: Clock, late: Clock };

function ReviewItem({ item }: { item: QuizReviewItem }) {
  const Icon = outcomeIcon[item.outcome];
  const titleId = `review-${item.position}`;
  return (
    <li className={`quiz-review__item quiz-review__item--${item.outcome}`}>
      <div className="quiz-review__head">
        <h3 id={titleId} className="quiz-review__title">
          <span className="quiz-review__number">{item.position + 1}.</span> {item.title}
        </h3>
        <span className={`quiz-outcome quiz-outcome--${item.outcome}`}>
          <Icon aria-hidden size={16} />
          {t.outcomes[item.outcome]}
        </span>
      </div>
      <QuestionMeta question={item} />
      <QuestionPrompt question={item} />
      <ClosedOptions options={item.options} kind={item.kind} correct={item.correctOption} chosen={item.chosenOption} />
      {item.answerHtml && (
        <>
          <h4>{texts.labels.answer}</h4>
          {/* Question HTML is sanitised at import (server/questions/render.ts). */}
          <div className="question-prose" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
        </>
      )}
      {item.explanationHtml && (
        // Collapsed, so that the review of 20 questions can be scanned; the answer above is the short version.
        <details className="reveal quiz-review__explanation">
          <summary className="reveal__summary">{texts.labels.explanation}</summary>
          <div className="reveal__body question-prose" dangerouslySetInnerHTML={{ __html: item.explanationHtml }} />
        </details>
      )}
      <p className="quiz-review__link">
        <Link to={questionPath({ technology: item.technology, id: item.questionId })}>
          {t.openQuestion}
          <span className="visually-hidden">: {item.title}</span>
        </Link>
      </p>
    </li>
  );
}

/** The end of a quiz: a summary card, what to do next, and the review of every question. */
export function QuizResults({ detail, signedIn, focus }: { detail: QuizAttemptDetail; signedIn: boolean; focus: boolean }) {
  const { attempt, review } = detail;
  const heading = useRef<HTMLHeadingElement>(null);
  const tally = tallyOutcomes(review.map((r) => r.outcome));

  // Arriving here from the last question (not on a fresh page load), focus lands on the results.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  return (
    <div className="quiz-results">
      <h1 ref={heading} tabIndex={-1}>
        {t.resultsTitle}
      </h1>
      <section className="quiz-summary" aria-label={t.resultsTitle}>
        <ScoreRing score={attempt.score} />
        <div className="quiz-summary__body">
          <p className="quiz-summary__headline">{fill(t.correctOf, { correct: attempt.correctCount, total: attempt.questionCount })}</p>
          <p className="quiz-summary__tally">{fill(t.tally, tally)}</p>
          <dl className="quiz-summary__facts">
            <div>
              <dt>{t.timeTaken}</dt>
              <dd>
                {formatDuration(attempt.durationMs)} (
                {fill(t.perQuestion, { time: formatPerQuestion(attempt.durationMs, attempt.questionCount) })})
              </dd>
            </div>
            <div>
              <dt>{t.quizLabel}</dt>
              <dd>
                {quizTechnologyName(attempt.technology)} · {quizLevelName(attempt.level)} · {quizTimeName(attempt.secondsPerQuestion)}
              </dd>
            </div>
            {attempt.finishedAt && (
              <div>
                <dt>{t.finished}</dt>
                <dd>{formatLongDate(attempt.finishedAt)}</dd>
              </div>
            )}
          </dl>
          <div className="quiz-summary__actions">
            <PlayAgain settings={attempt} />
            <Link className="button button--outline" to={`/quizzes${settingsSearch(attempt)}`}>
              {t.newQuiz}
            </Link>
          </div>
          <p className="quiz-summary__links">
            {signedIn ? <Link to="/quizzes/history">{t.historyLink}</Link> : t.notSaved}
            {" · "}
            <Link to={`/quizzes/leaderboard?technology=${attempt.technology}`}>{t.leaderboardLink}</Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="quiz-review-title">
        <h2 id="quiz-review-title">{t.review}</h2>
        <ol className="quiz-review">
          {review.map((item) => (
            <ReviewItem key={item.position} item={item} />
          ))}
        </ol>
      </section>
    </div>
  );
}
