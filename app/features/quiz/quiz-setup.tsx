import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { SelectField } from "~/components/field";
import { FormBanner } from "~/components/form-banner";
import { technologies } from "~/lib/technologies";
import { fill, questionTexts, quizTexts as t } from "~/lib/texts";
import { QUIZ_LENGTHS, QUIZ_TIMES, type QuizLevel, type QuizPool, type QuizSettings, type QuizTechnology } from "./quiz-types";
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
  hint,
}: {
  legend: string;
  name: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  /** A line under the choices, read with the group. */
  hint?: string;
}) {
  const id = useId();
  return (
    <fieldset className="choice-group" aria-describedby={hint ? `${id}-hint` : undefined}>
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
      {hint && (
        <p id={`${id}-hint`} className="field__help">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Technology (or mixed) and level (or all), each level with how many questions the pool has:
 * the first two fields of a practice quiz and of a live room.
 */
export function PoolFields({
  pool,
  technology,
  level,
  onTechnology,
  onLevel,
}: {
  pool: QuizPool;
  technology: QuizTechnology;
  level: QuizLevel;
  onTechnology: (technology: QuizTechnology) => void;
  onLevel: (level: QuizLevel) => void;
}) {
  const counts = pool[technology];
  return (
    <>
      <SelectField
        label={t.technology}
        name="technology"
        value={technology}
        onChange={(event) => onTechnology(event.target.value as QuizTechnology)}
        options={[{ value: "mixed", label: t.mixedHint }, ...technologies.map((tech) => ({ value: tech.slug, label: tech.name }))]}
      />
      <ChoiceGroup
        legend={t.level}
        name="level"
        value={level}
        onChange={(value) => onLevel(value as QuizLevel)}
        choices={QUIZ_LEVELS.map((l) =>
          l === "all"
            ? { value: l, label: t.allLevels, count: counts.all }
            : { value: l, label: questionTexts.levels[l], sub: questionTexts.lists[l], count: counts[l] },
        )}
      />
    </>
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

  const available = pool[settings.technology][settings.level];
  const change = (patch: Partial<QuizSettings>) => setSettings((current) => ({ ...current, ...patch }));

  return (
    <Form method="post" action="/quizzes" className="quiz-setup" aria-label={t.title}>
      <FormBanner tone="error">{error}</FormBanner>
      <PoolFields
        pool={pool}
        technology={settings.technology}
        level={settings.level}
        onTechnology={(technology) => change({ technology })}
        onLevel={(level) => change({ level })}
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
