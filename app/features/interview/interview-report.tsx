import { History, RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatLongDate } from "~/lib/dates";
import { fill, interviewTexts as t, questionTexts } from "~/lib/texts";
import { formatDuration } from "../quiz/quiz-format";
import { gradedByLine, turnGradedBy } from "./grader-label";
import { Bubble } from "./interview-bubble";
import { HINT_COST, type InterviewReport as Report, type ReportTurn } from "./interview-types";
import { KeyPointStatus } from "./key-point-status";
import { SelfCheckForm } from "./self-check-form";

function scoreTone(score: number): string {
  return score >= 70 ? "good" : score >= 40 ? "fair" : "poor";
}

/**
 * One answer with the rubric behind its score: what the engine found of each key point (with the
 * words behind it), who graded, and once the self-check is confirmed the reader's ticks too.
 */
function TurnReport({ turn, provisional }: { turn: ReportTurn; provisional: boolean }) {
  const titleId = `turn-${turn.position}`;
  const checked = !provisional && turn.selfCheck;
  return (
    <li className="interview-turn" aria-labelledby={titleId}>
      <header className="interview-turn__head">
        <h3 id={titleId}>
          <span className="interview-turn__number">{turn.position + 1}.</span> <Link to={turn.url}>{turn.title}</Link>
        </h3>
        <span className={`interview-score interview-score--${scoreTone(turn.score)}`}>
          {fill(t.questionScore, { score: turn.score })}
          {provisional && turn.selfCheck && <span className="interview-score__note"> ({t.provisional})</span>}
        </span>
      </header>
      <p className="interview-turn__meta">
        {t.kinds[turn.kind]} · {questionTexts.levels[turn.level]} ·{" "}
        {fill(turn.overTime ? t.tookOver : t.took, { time: formatDuration(turn.durationMs) })} · {turnGradedBy(turn)}
      </p>
      {checked && <p className="interview-turn__fact">{fill(t.turnScores, { engine: turn.engineScore, checked: turn.score })}</p>}
      {provisional && turn.confidence === "low" && turn.selfCheck && <p className="interview-unsure">{t.unsure}</p>}
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
              <li key={point.text} className="interview-rubric__point">
                <p>{point.text}</p>
                <KeyPointStatus status={point.status} evidence={point.evidence} />
                {point.checked !== null && <p className="interview-rubric__check">{point.checked ? t.checkedYes : t.checkedNo}</p>}
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

/**
 * The end of an interview: the score and what it means, the self-check that makes it final,
 * strengths and gaps per topic, every answer with its rubric, what to study next.
 */
export function InterviewReport({
  report,
  focusHeading = false,
  selfCheckError = null,
}: {
  report: Report;
  focusHeading?: boolean;
  selfCheckError?: string | null;
}) {
  const { interview } = report;
  const provisional = interview.selfCheckedAt === null;
  const graded = gradedByLine(interview.graders);
  const byModel = interview.graders.some((g) => g.engine === "llm");
  const heading = useRef<HTMLHeadingElement>(null);
  const saved = useRef<HTMLParagraphElement>(null);
  const wasProvisional = useRef(provisional);
  // Arriving from the last answer (not on a fresh load): focus moves to the report.
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  // The check just confirmed on this page: its form is gone, so focus goes to the news that the scores are final.
  useEffect(() => {
    if (wasProvisional.current && !provisional) saved.current?.focus();
    wasProvisional.current = provisional;
  }, [provisional]);
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
            {provisional && <span className="interview-score__note"> ({t.provisional})</span>}
          </strong>
        </p>
        {provisional ? (
          <p className="interview-report__check-note">
            {t.provisionalNote} <a href="#self-check">{t.checkLink}</a>
          </p>
        ) : (
          <>
            <p className="interview-report__saved" ref={saved} tabIndex={-1}>
              {t.selfChecked}
            </p>
            <p className="interview-report__engine">{fill(t.engineScore, { score: interview.engineScore ?? 0 })}</p>
          </>
        )}
        {graded && <p className="interview__meta">{graded}</p>}
        {interview.uncertain && provisional && <p className="interview-unsure">{t.historyUnsure}</p>}
        <div className="interview-report__meaning">
          <h2>{t.scoreMeaningTitle}</h2>
          <p>{t.scoreMeaning}</p>
          {byModel && <p>{t.scoreMeaningModel}</p>}
        </div>
        <div className="interview__actions">
          <Link className="button button--primary" to="/interview">
            <RotateCcw aria-hidden size={16} /> {t.again}
          </Link>
          <Link className="button button--outline" to="/interview/history">
            <History aria-hidden size={16} /> {t.historyLink}
          </Link>
        </div>
      </header>

      {provisional && (
        <section id="self-check" aria-labelledby="self-check-title" className="interview-report__self-check">
          <h2 id="self-check-title">{t.selfCheckTitle}</h2>
          <p>{t.selfCheckIntro}</p>
          <SelfCheckForm turns={report.turns.filter((turn) => turn.selfCheck)} error={selfCheckError} />
        </section>
      )}

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
            <TurnReport key={turn.position} turn={turn} provisional={provisional} />
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
