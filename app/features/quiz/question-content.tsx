import { CircleCheck, CircleX } from "lucide-react";
import { CodeBlock } from "~/features/questions/code-block";
import { questionTexts, quizTexts as t } from "~/lib/texts";
import { quizTechnologyName } from "./quiz-format";
import type { QuizQuestion } from "./quiz-types";

type Shown = Pick<QuizQuestion, "technology" | "kind" | "level" | "promptHtml" | "code">;

/** "JavaScript · Console & Debugging · Beginner": where a question comes from. */
export function QuestionMeta({ question }: { question: Shown }) {
  return (
    <p className="quiz-question__meta">
      {quizTechnologyName(question.technology)} · {questionTexts.kinds[question.kind]} · {questionTexts.levels[question.level]}
    </p>
  );
}

/** The prompt and the code of a quiz question, styled as on the question pages. */
export function QuestionPrompt({ question }: { question: Shown }) {
  const { promptHtml, code } = question;
  return (
    <>
      {promptHtml ? (
        // Question HTML is sanitised at import (server/questions/render.ts).
        <div className="question-prose" dangerouslySetInnerHTML={{ __html: promptHtml }} />
      ) : (
        question.kind === "console" && <p>{code?.lang === "html" ? questionTexts.whatComputes : questionTexts.whatPrints}</p>
      )}
      {code && <CodeBlock html={code.html} lang={code.lang} />}
    </>
  );
}

/**
 * An option's text: console outputs keep their spacing and line breaks; in other options
 * `backticks` mark code, as in the question bank's Markdown (docs/content-format.md).
 */
export function OptionText({ text, kind }: { text: string; kind: Shown["kind"] }) {
  if (kind === "console") return <pre className="quiz-option__text quiz-option__text--code">{text}</pre>;
  const parts = text.split("`");
  // An odd number of parts means the backticks pair up; otherwise the text is shown as written.
  if (parts.length < 3 || parts.length % 2 === 0) return <span className="quiz-option__text">{text}</span>;
  return <span className="quiz-option__text">{parts.map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</span>;
}

/**
 * The options of a closed question: the correct one and the reader's one are marked with
 * an icon and a word, never by colour alone. `correct` is null when the server did not
 * say (an answer refused as too late).
 */
export function ClosedOptions({
  options,
  kind,
  correct,
  chosen,
}: {
  options: string[];
  kind: Shown["kind"];
  correct: number | null;
  chosen: number | null;
}) {
  return (
    <ol className="quiz-options quiz-options--closed">
      {options.map((option, i) => {
        const isCorrect = i === correct;
        const isChosen = i === chosen;
        const tone = isCorrect ? " quiz-option--correct" : isChosen && correct !== null ? " quiz-option--wrong" : "";
        return (
          <li key={i} className={`quiz-option${tone}`}>
            <span className="quiz-option__key">{i + 1}</span>
            <OptionText text={option} kind={kind} />
            {(isCorrect || isChosen) && (
              <span className="quiz-option__tags">
                {isChosen && (
                  <span className="quiz-tag quiz-tag--chosen">
                    {isCorrect || correct === null ? null : <CircleX aria-hidden size={16} />}
                    {t.yourAnswer}
                  </span>
                )}
                {isCorrect && (
                  <span className="quiz-tag quiz-tag--correct">
                    <CircleCheck aria-hidden size={16} />
                    {t.correctAnswer}
                  </span>
                )}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
