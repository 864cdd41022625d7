import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormBanner } from "~/components/form-banner";
import { LEVELS, technologies } from "~/lib/technologies";
import { fill, interviewTexts as t, questionTexts } from "~/lib/texts";
import { ChoiceGroup } from "../quiz/quiz-setup";
import { INTERVIEW_LENGTHS, INTERVIEW_ROLES, type InterviewSettings } from "./interview-types";

/** Reads the set-up form; null when a field is not one of the listed values. */
export function settingsFromForm(form: FormData): InterviewSettings | null {
  const track = String(form.get("track") ?? "");
  const level = String(form.get("level") ?? "");
  const questionCount = Number(form.get("count"));
  const known = technologies.some((tech) => tech.slug === track) || INTERVIEW_ROLES.some((role) => role.id === track);
  if (!known || !(LEVELS as readonly string[]).includes(level) || !(INTERVIEW_LENGTHS as readonly number[]).includes(questionCount))
    return null;
  return { track, level: level as InterviewSettings["level"], questionCount };
}

/**
 * The set-up form (issue #13): a technology or a role mix, the starting level and the length.
 * It posts to the /interview action, which starts the interview and opens its first question.
 */
export function InterviewSetup({ error, signedIn, onSignIn }: { error: string | null; signedIn: boolean; onSignIn: () => void }) {
  const navigation = useNavigation();
  const starting = navigation.state !== "idle" && navigation.formAction === "/interview";
  const trackId = useId();
  return (
    <Form method="post" action="/interview" className="quiz-setup" aria-label={t.title}>
      <FormBanner tone="error">{error}</FormBanner>
      <div className="field">
        <label className="field__label" htmlFor={trackId}>
          {t.track}
        </label>
        <select id={trackId} name="track" defaultValue="javascript">
          <optgroup label={t.technologiesGroup}>
            {technologies.map((tech) => (
              <option key={tech.slug} value={tech.slug}>
                {tech.name}
              </option>
            ))}
          </optgroup>
          <optgroup label={t.rolesGroup}>
            {INTERVIEW_ROLES.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div>
        <LevelChoice />
        <p className="field__help">{t.levelHelp}</p>
      </div>
      <LengthChoice />
      {signedIn ? (
        <button type="submit" className="button button--primary button--block" disabled={starting}>
          {starting ? t.starting : t.start}
        </button>
      ) : (
        <>
          <p className="field__help">{t.signedOut}</p>
          <button type="button" className="button button--primary button--block" onClick={onSignIn}>
            {t.signIn}
          </button>
        </>
      )}
    </Form>
  );
}

function LevelChoice() {
  return (
    <ControlledChoice
      legend={t.level}
      name="level"
      initial="beginner"
      choices={LEVELS.map((l) => ({ value: l, label: questionTexts.levels[l], sub: questionTexts.lists[l] }))}
    />
  );
}

function LengthChoice() {
  return (
    <ControlledChoice
      legend={t.length}
      name="count"
      initial="5"
      choices={INTERVIEW_LENGTHS.map((n) => ({ value: String(n), label: fill(t.lengthOption, { count: n }) }))}
    />
  );
}

function ControlledChoice(props: {
  legend: string;
  name: string;
  initial: string;
  choices: { value: string; label: string; sub?: string }[];
}) {
  const [value, setValue] = useState(props.initial);
  return <ChoiceGroup legend={props.legend} name={props.name} value={value} choices={props.choices} onChange={setValue} />;
}
