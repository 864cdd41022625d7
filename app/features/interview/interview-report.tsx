import { CircleCheck, CircleX, History, RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatLongDate } from "~/lib/dates";
import { fill, interviewTexts as t, questionTexts } from "~/lib/texts";
import { formatDuration } from "../quiz/quiz-format";
import { Bubble } from "./interview-bubble";
import { HINT_COST, type InterviewReport as Report, type ReportTurn } from "./interview-types";

function scoreTone(score: number): string {
  return score >= 70 ? "good" : score >= 40 ? "fair" : "poor";
}

/** One answer with the rubric behind its score: each key point covered (with the words that earned it) or missed. */
function TurnReport({ turn }: { turn: ReportTurn }) {
  const titleId = `turn-${turn.position}`;
  return (
    <li className="interview-turn" aria-labelledby={titleId}>
      <header className="interview-turn__head">
        <h3 id={titleId}>
          <span className="interview-turn__number">{turn.position + 1}.</span> <Link to={turn.url}>{turn.title}</Link>
        </h3>
        <span className={`interview-score interview-score--${scoreTone(turn.score)}`}>{fill(t.questionScore, { score: turn.score })}</span>
      </header>
      <p className="interview-turn__meta">
        {t.kinds[turn.kind]} · {questionTexts.levels[turn.level]} ·{" "}
        {fill(turn.overTime ? t.tookOver : t.took, { time: formatDuration(turn.durationMs) })} · {t.gradedBy[turn.gradedBy]}
      </p>
      <div className="interview-turn__conversation">
        <Bubble from="interviewer" text={turn.asked} html={turn.askedHtml} />
        {turn.kind !== "program" && <Bubble from="you" text={turn.answer} />}
        {turn.followUp && (
          <>
            <Bubble from="interviewer" text={turn.followUp} html={turn.followUpHtml} />
            <Bubble from="you" text={turn.followUpAnswer} />
          </>
        )}
      </div>
      {turn.output && (
        <p className="interview-turn__fact">{fill(t.outputLine, { matched: turn.output.matchedLines, total: turn.output.totalLines })}</p>
      )}
      {turn.tests && <p className="interview-turn__fact">{fill(t.testsLine, { passed: turn.tests.passed, total: turn.tests.total })}</p>}
      {turn.hints > 0 && <p className="interview-turn__fact">{fill(t.hintsUsed, { count: turn.hints, points: turn.hints * HINT_COST })}</p>}
      {turn.feedbackHtml && (
        // Sanitised on the server (renderSpokenMarkdown).
        <div className="interview-turn__feedback question-prose" dangerouslySetInnerHTML={{ __html: turn.feedbackHtml }} />
      )}
      {turn.kind !== "program" && turn.keyPoints.length > 0 && (
        <>
          <h4>{t.rubric}</h4>
          <ul className="interview-rubric">
            {turn.keyPoints.map((point) => (
              <li key={point.text} className={`interview-rubric__point interview-rubric__point--${point.covered ? "covered" : "missed"}`}>
                {point.covered ? <CircleCheck aria-label={t.covered} size={18} /> : <CircleX aria-label={t.missed} size={18} />}
                <div>
                  <p>{point.text}</p>
                  {point.evidence && <blockquote className="interview-rubric__evidence">“{point.evidence}”</blockquote>}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {turn.modelAnswerHtml && (
        <details className="interview-turn__model">
          <summary>{t.modelAnswer}</summary>
          <div className="question-prose" dangerouslySetInnerHTML={{ __html: turn.modelAnswerHtml }} />
        </details>
      )}
    </li>
  );
}

function TopicList({ title, items }: { title: string; items: string[] }) {
  return (
    <>
      <h4>{title}</h4>
      {items.length ? (
        <ul className="interview-topic__list">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p>{t.none}</p>
      )}
    </>
  );
}

/** The end of an interview: the score, strengths and gaps per topic, every answer with its rubric, what to study next. */
export function InterviewReport({ report, focusHeading = false }: { report: Report; focusHeading?: boolean }) {
  const { interview } = report;
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving from the last answer (not on a fresh load): focus moves to the report.
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <article className="interview-report">
      <header className="interview-report__head">
        <h1 ref={heading} tabIndex={-1}>
          {t.reportTitle}
        </h1>
        <p className="interview__meta">
          {fill(t.summaryLine, {
            track: interview.trackName,
            level: questionTexts.levels[interview.level],
            count: interview.questionCount,
            date: formatLongDate(interview.finishedAt ?? interview.startedAt),
          })}
        </p>
        <p className="interview-report__overall">
          <span>{t.overall}</span>
          <strong className={`interview-score interview-score--${scoreTone(interview.score ?? 0)}`}>
            {fill(t.scoreOutOf, { score: interview.score ?? 0 })}
          </strong>
        </p>
        <div className="interview__actions">
          <Link className="button button--primary" to="/interview">
            <RotateCcw aria-hidden size={16} /> {t.again}
          </Link>
          <Link className="button button--outline" to="/interview/history">
            <History aria-hidden size={16} /> {t.historyLink}
          </Link>
        </div>
      </header>

      <section aria-labelledby="interview-topics">
        <h2 id="interview-topics">{t.topicsTitle}</h2>
        <ul className="interview-topics">
          {report.topics.map((topic) => (
            <li key={topic.technology} className="interview-topic">
              <h3>
                {topic.name} <span className={`interview-score interview-score--${scoreTone(topic.score)}`}>{topic.score}</span>
              </h3>
              <TopicList title={t.strengths} items={topic.strengths} />
              <TopicList title={t.gaps} items={topic.gaps} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="interview-answers">
        <h2 id="interview-answers">{t.answersTitle}</h2>
        <ol className="interview-turns">
          {report.turns.map((turn) => (
            <TurnReport key={turn.position} turn={turn} />
          ))}
        </ol>
      </section>

      <section aria-labelledby="interview-study">
        <h2 id="interview-study">{t.studyTitle}</h2>
        {report.studyNext.length ? (
          <ul className="interview-study">
            {report.studyNext.map((item) => (
              <li key={item.url}>
                <Link to={item.url}>{item.title}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t.studyEmpty}</p>
        )}
      </section>
    </article>
  );
}
