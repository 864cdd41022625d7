import { Form, useNavigation } from "react-router";
import { FormBanner } from "~/components/form-banner";
import { fill, interviewTexts as t } from "~/lib/texts";
import { KeyPointStatus } from "./key-point-status";
import type { ReportTurn, SelfCheckInput } from "./interview-types";

/** More key points than any question has: a form claiming more is not ours. */
const MAX_POINTS = 50;
const NUMBER = /^\d{1,3}$/;

/**
 * Reads the self-check form: for each `turn` (a position), `points-<position>` key points and a
 * `tick-<position>` value per ticked one (its index). Null when a field is malformed; whether the
 * turns and counts are the interview's is the service's to check.
 */
export function selfCheckFromForm(form: FormData): SelfCheckInput | null {
  const turns: SelfCheckInput["turns"] = [];
  for (const value of form.getAll("turn")) {
    const points = form.get(`points-${String(value)}`);
    if (!NUMBER.test(String(value)) || !NUMBER.test(String(points)) || Number(points) > MAX_POINTS) return null;
    const position = Number(value);
    const ticks = new Array<boolean>(Number(points)).fill(false);
    for (const tick of form.getAll(`tick-${position}`)) {
      if (!NUMBER.test(String(tick)) || Number(tick) >= ticks.length) return null;
      ticks[Number(tick)] = true;
    }
    turns.push({ position, ticks });
  }
  return { turns };
}

/** One answer to check: the candidate's words beside the model answer, then a checkbox per key point. */
function CheckTurn({ turn }: { turn: ReportTurn }) {
  const id = `check-${turn.position}`;
  return (
    <fieldset className="self-check__turn">
      <legend>
        <h3>{fill(t.selfCheckLegend, { number: turn.position + 1, title: turn.title })}</h3>
      </legend>
      <input type="hidden" name="turn" value={turn.position} />
      <input type="hidden" name={`points-${turn.position}`} value={turn.keyPoints.length} />
      <div className="self-check__compare">
        <div className="self-check__side">
          <h4>{t.yourAnswer}</h4>
          {[turn.answer, turn.followUpAnswer]
            .filter((text): text is string => Boolean(text?.trim()))
            .map((text, i) => (
              <p key={i} className="self-check__answer">
                {text}
              </p>
            ))}
        </div>
        {turn.modelAnswerHtml && (
          <div className="self-check__side">
            <h4>{t.modelAnswer}</h4>
            {/* Sanitised on the server (the bank's rendered answer). */}
            <div className="question-prose" dangerouslySetInnerHTML={{ __html: turn.modelAnswerHtml }} />
          </div>
        )}
      </div>
      {turn.confidence === "low" && <p className="interview-unsure">{t.unsure}</p>}
      <p className="self-check__points-title">{t.selfCheckPoints}</p>
      <ul className="self-check__points">
        {turn.keyPoints.map((point, index) => (
          <li key={index} className="self-check__point">
            <input
              type="checkbox"
              id={`${id}-${index}`}
              name={`tick-${turn.position}`}
              value={index}
              defaultChecked={point.covered}
              aria-describedby={`${id}-${index}-engine`}
            />
            <div>
              <label htmlFor={`${id}-${index}`}>
                {point.text}
                {point.core && <span className="self-check__core"> · {t.corePoint}</span>}
              </label>
              <KeyPointStatus
                id={`${id}-${index}-engine`}
                status={point.status}
                evidence={point.evidence}
                label={fill(t.engineFound, { status: t.status[point.status] })}
              />
            </div>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The self-check (issue #34): every written answer's key points as checkboxes, the engine's ticks
 * filled in. A real form posting to the interview page's action, so it works before (or without)
 * JavaScript; POST /api/interviews/{id}/self-check does the same for API clients.
 */
export function SelfCheckForm({ turns, error }: { turns: ReportTurn[]; error: string | null }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  return (
    <Form method="post" className="self-check" aria-labelledby="self-check-title">
      <FormBanner tone="error">{error}</FormBanner>
      {turns.length ? turns.map((turn) => <CheckTurn key={turn.position} turn={turn} />) : <p>{t.selfCheckEmpty}</p>}
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t.selfCheckSaving : t.selfCheckConfirm}
      </button>
    </Form>
  );
}
