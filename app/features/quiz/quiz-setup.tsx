import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { SelectField } from "~/components/field";
import { FormBanner } from "~/components/form-banner";
import { technologies } from "~/lib/technologies";
import { fill, questionTexts, quizTexts as t } from "~/lib/texts";
import { QUIZ_LENGTHS, QUIZ_TIMES, type QuizPool, type QuizSettings } from "./quiz-types";
import { QUIZ_LEVELS, timeValue } from "./quiz-settings";

interface Choice {
  value: string;
  label: string;
  sub?: string;
  count?: number;
}

/** A row of large radio buttons: one tap, arrow keys move between them (a native radio group). */
export function ChoiceGroup({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="choice-group">
      <legend className="field__label">{legend}</legend>
      <div className="choice-group__options">
        {choices.map((choice) => (
          <label key={choice.value} className="choice" htmlFor={`${id}-${choice.value}`}>
            <input
              id={`${id}-${choice.value}`}
              className="choice__input"
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span className="choice__label">{choice.label}</span>
            {(choice.sub !== undefined || choice.count !== undefined) && (
              <span className="choice__sub">{[choice.sub, choice.count].filter((part) => part !== undefined).join(" · ")}</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the pool holds for the chosen technology and level, and what that means for this quiz. */
function poolMessage(available: number, wanted: number): string {
  if (available === 0) return t.none;
  const count = available === 1 ? t.availableOne : fill(t.available, { count: available });
  return available < wanted ? `${count} ${fill(t.fewer, { count: available })}` : count;
}

/**
 * The set-up form (issue #12): technology, level, length and time per question. It posts to
 * the /quizzes action, which starts the attempt and goes to its first question.
 */
export function QuizSetup({ pool, initial, error }: { pool: QuizPool; initial: QuizSettings; error: string | null }) {
  const [settings, setSettings] = useState(initial);
  const navigation = useNavigation();
  const starting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction === "/quizzes";
  const messageId = useId();
  const counts = pool[settings.technology];
  const available = counts[settings.level];
  const change = (patch: Partial<QuizSettings>) => setSettings((current) => ({ ...current, ...patch }));

  return (
    <Form method="post" action="/quizzes" className="quiz-setup" aria-label={t.title}>
      <FormBanner tone="error">{error}</FormBanner>
      <SelectField
        label={t.technology}
        name="technology"
        value={settings.technology}
        onChange={(event) => change({ technology: event.target.value as QuizSettings["technology"] })}
        options={[{ value: "mixed", label: t.mixedHint }, ...technologies.map((tech) => ({ value: tech.slug, label: tech.name }))]}
      />
      <ChoiceGroup
        legend={t.level}
        name="level"
        value={settings.level}
        onChange={(level) => change({ level: level as QuizSettings["level"] })}
        choices={QUIZ_LEVELS.map((level) =>
          level === "all"
            ? { value: level, label: t.allLevels, count: counts.all }
            : { value: level, label: questionTexts.levels[level], sub: questionTexts.lists[level], count: counts[level] },
        )}
      />
      <ChoiceGroup
        legend={t.length}
        name="count"
        value={String(settings.questionCount)}
        onChange={(count) => change({ questionCount: Number(count) })}
        choices={QUIZ_LENGTHS.map((n) => ({ value: String(n), label: fill(t.lengthOption, { count: n }) }))}
      />
      <ChoiceGroup
        legend={t.time}
        name="time"
        value={timeValue(settings.secondsPerQuestion)}
        onChange={(time) => change({ secondsPerQuestion: time === timeValue(null) ? null : Number(time) })}
        choices={QUIZ_TIMES.map((s) => ({ value: timeValue(s), label: s === null ? t.untimed : fill(t.seconds, { seconds: s }) }))}
      />
      <p id={messageId} className={`quiz-setup__pool${available === 0 ? " quiz-setup__pool--empty" : ""}`} aria-live="polite">
        {poolMessage(available, settings.questionCount)}
      </p>
      <button
        type="submit"
        className="button button--primary quiz-setup__start"
        disabled={available === 0 || starting}
        aria-describedby={messageId}
      >
        {starting ? t.starting : t.start}
      </button>
    </Form>
  );
}
