import { needsTscEmit, solvableInBrowser, usesNodeOnlyApis } from "~/lib/technologies";
import { texts, questionTexts as t } from "~/lib/texts";
import type { Question } from "../../../server/questions/question-service";
import { CodeBlock } from "./code-block";
import { ConsoleAnswer, type ConsoleVerdict } from "./console-answer";
import { RenderIt } from "./render-it";
import { RunIt } from "./run-it";

const Html = ({ html, className }: { html: string | null; className?: string }) =>
  // Question HTML is sanitised at import (server/questions/render.ts).
  html ? <div className={className ?? "question-prose"} dangerouslySetInnerHTML={{ __html: html }} /> : null;

function KeyPoints({ points }: { points: string[] }) {
  if (!points.length) return null;
  return (
    <>
      <h3>{t.keyPoints}</h3>
      <ul className="key-points">
        {points.map((point) => (
          <li key={point} dangerouslySetInnerHTML={{ __html: point }} />
        ))}
      </ul>
    </>
  );
}

function Reveal({ summary, children }: { summary: string; children: React.ReactNode }) {
  return (
    <details className="reveal">
      <summary className="reveal__summary">{summary}</summary>
      <div className="reveal__body">{children}</div>
    </details>
  );
}

interface Props {
  question: Question;
  /** On a list the item's own expansion is the reveal; on the question page theory answers wait behind "Show answer". */
  place: "list" | "page";
  /** Practice mode: on a list too, answers wait behind "Show answer". */
  practice?: boolean;
  /** Where the question's own page is (the list links "Solve this challenge" there). */
  href: string;
  /** On a console question's page: the verdict on the reader's pick, or why it was refused. */
  answered?: { verdict: ConsoleVerdict | null; error: string | null };
}

/**
 * What a question shows under its title: the parts for its kind, answers revealed on demand.
 * Server-rendered only (question pages, and the list's answers as HTML from the API,
 * question-html.tsx): plain links and <details>, no handlers; "Run it" and "Render it" are islands.
 */
export function QuestionBody({ question: q, place, practice = false, href, answered }: Props) {
  if (q.kind === "theory") {
    const answer = (
      <>
        <h3>{texts.labels.answer}</h3>
        <Html html={q.answerHtml} className="question-prose question-answer" />
        <h3>{texts.labels.explanation}</h3>
        <Html html={q.explanationHtml} />
        <KeyPoints points={q.keyPoints} />
      </>
    );
    return (
      <div className="question-body">
        <Html html={q.promptHtml} />
        {place === "list" && !practice ? answer : <Reveal summary={t.showAnswer}>{answer}</Reveal>}
      </div>
    );
  }
  if (q.kind === "console") {
    // On its page a console question is answered first (issue #33): its options are a form, and
    // what gives the answer away (Run it, the output) comes after the reader's pick, or on asking.
    const verdict = answered?.verdict ?? null;
    const runIt =
      place === "page" &&
      q.code &&
      (q.code.lang === "js" || q.code.lang === "ts") &&
      q.output !== null &&
      // Node-only APIs (process.nextTick, require, setImmediate) do not exist in the browser.
      (usesNodeOnlyApis(q.code.source) ? (
        <p className="question-note">{t.nodeOnly}</p>
      ) : q.code.lang === "ts" && needsTscEmit(q.code.source) ? (
        <p className="question-note">{t.tscOnly}</p>
      ) : (
        <RunIt source={q.code.source} lang={q.code.lang} output={q.output} />
      ));
    const solution = (
      <>
        <h3>{texts.labels.output}</h3>
        <pre className="console-output">{q.output}</pre>
        {q.outputPostgres !== null && (
          <>
            <h4>{t.postgresDiffers}</h4>
            <pre className="console-output">{q.outputPostgres}</pre>
          </>
        )}
        {runIt}
        <h3>{texts.labels.explanation}</h3>
        <Html html={q.explanationHtml} />
        <KeyPoints points={q.keyPoints} />
      </>
    );
    return (
      <div className="question-body">
        {q.promptHtml ? <Html html={q.promptHtml} /> : <p>{q.code?.lang === "html" ? t.whatComputes : t.whatPrints}</p>}
        {q.code && <CodeBlock source={q.code.source} lang={q.code.lang} html={q.code.html} />}
        {place === "page" && q.code?.lang === "jsx" && <p className="question-note">{t.reactRendered}</p>}
        {place === "page" && q.code?.lang === "html" && (
          <>
            <p className="question-note">{t.cssRendered}</p>
            <RenderIt source={q.code.source} />
          </>
        )}
        {q.options && place === "page" && (
          <ConsoleAnswer options={q.options} href={href} verdict={verdict} error={answered?.error ?? null} />
        )}
        {q.options && place === "list" && (
          <>
            <h3>{t.options}</h3>
            <ol className="console-options" type="A">
              {q.options.map((option) => (
                <li key={option}>
                  <pre className="console-options__text">{option}</pre>
                </li>
              ))}
            </ol>
          </>
        )}
        {verdict ? solution : <Reveal summary={t.showOutput}>{solution}</Reveal>}
      </div>
    );
  }
  return (
    <div className="question-body">
      <h3>{t.statement}</h3>
      <Html html={q.statementHtml} />
      {q.starter && (
        <>
          <h3>{t.starter}</h3>
          <CodeBlock source={q.starter.source} lang={q.starter.lang} />
        </>
      )}
      {solvableInBrowser(q.tests) ? (
        <p>
          <a className="button button--primary button--small" href={`${href}/solve`}>
            {t.solve}
          </a>
        </p>
      ) : (
        <p className="question-note">{t.solveSoon}</p>
      )}
      {place === "page" && q.solution && (
        <Reveal summary={t.showSolution}>
          <CodeBlock source={q.solution.source} lang={q.solution.lang} html={q.solution.html} />
          {q.explanationHtml && (
            <>
              <h3>{texts.labels.explanation}</h3>
              <Html html={q.explanationHtml} />
            </>
          )}
          <KeyPoints points={q.keyPoints} />
        </Reveal>
      )}
    </div>
  );
}
