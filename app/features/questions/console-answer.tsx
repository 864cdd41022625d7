import { fill, questionTexts as t } from "~/lib/texts";

/** The form fields of a console answer, posted to the question page's route action (server/questions/console-answer.ts). */
export const CONSOLE_ANSWER_FIELDS = { intent: "intent", option: "option" } as const;
export const CONSOLE_ANSWER_INTENT = "console-answer";
/** Where the page the server returns scrolls to: the verdict and the options. */
export const CONSOLE_ANSWER_ANCHOR = "console-answer";

/** Indexes into the question's options: what the reader picked and what is right. */
export interface ConsoleVerdict {
  chosen: number;
  correct: number;
}

export type ConsoleAnswerResult = { consoleVerdict: ConsoleVerdict } | { consoleError: string };

const letter = (index: number) => String.fromCharCode(65 + index);

interface Props {
  options: string[];
  /** The question page's address (the form posts there and comes back to the options). */
  href: string;
  verdict: ConsoleVerdict | null;
  error: string | null;
}

/**
 * A console question's options as a question to answer (issue #33): pick one and check it. A
 * plain form posted to the page's route action, so it works with no script; the page the
 * server returns names the right letter, marks both picks and opens the output and the
 * explanation. Nothing in the page says which option is right before the reader commits.
 */
export function ConsoleAnswer({ options, href, verdict, error }: Props) {
  const right = verdict !== null && verdict.chosen === verdict.correct;
  return (
    <section id={CONSOLE_ANSWER_ANCHOR} className="console-answer" aria-labelledby="console-answer-title">
      <form method="post" action={`${href}#${CONSOLE_ANSWER_ANCHOR}`}>
        <fieldset className="console-answer__fieldset">
          <legend id="console-answer-title" className="console-answer__legend">
            {t.pickOutput}
          </legend>
          <ol className="console-options" type="A">
            {options.map((option, index) => {
              const mark = verdict === null ? null : index === verdict.correct ? "correct" : index === verdict.chosen ? "wrong" : null;
              return (
                <li key={option} className={mark ? `console-options__item--${mark}` : undefined}>
                  <label className="console-options__choice">
                    <input
                      type="radio"
                      name={CONSOLE_ANSWER_FIELDS.option}
                      value={index}
                      required
                      defaultChecked={verdict?.chosen === index}
                    />
                    <pre className="console-options__text">{option}</pre>
                    {mark && <span className="console-options__mark">{mark === "correct" ? t.theAnswer : t.yourAnswer}</span>}
                  </label>
                </li>
              );
            })}
          </ol>
        </fieldset>
        {error && (
          <p className="form-banner form-banner--error" role="alert">
            {error}
          </p>
        )}
        {verdict && (
          <p className={`console-verdict console-verdict--${right ? "right" : "wrong"}`} role="status">
            {right
              ? fill(t.consoleRight, { letter: letter(verdict.correct) })
              : fill(t.consoleWrong, { chosen: letter(verdict.chosen), letter: letter(verdict.correct) })}
          </p>
        )}
        <button
          type="submit"
          name={CONSOLE_ANSWER_FIELDS.intent}
          value={CONSOLE_ANSWER_INTENT}
          className="button button--primary button--small"
        >
          {verdict ? t.checkAgain : t.checkAnswer}
        </button>
      </form>
    </section>
  );
}
