import { LEVELS, TECHNOLOGY_SLUGS } from "~/lib/technologies";
import { QUIZ_LENGTHS, QUIZ_TIMES, type QuizLevel, type QuizSettings, type QuizTechnology } from "./quiz-types";

/**
 * The set-up form's fields, read from a query string (to preselect: "Take a React quiz",
 * "New quiz") or from a submitted form (to start one). The form posts to a React Router
 * action, so it works before the page's JavaScript has loaded, or without it.
 */

export const QUIZ_TECHNOLOGIES: readonly QuizTechnology[] = ["mixed", ...TECHNOLOGY_SLUGS];
export const QUIZ_LEVELS: readonly QuizLevel[] = ["all", ...LEVELS];

export const DEFAULT_SETTINGS: QuizSettings = { technology: "mixed", level: "all", questionCount: 10, secondsPerQuestion: 30 };

/** How "untimed" travels in forms and addresses. */
const UNTIMED = "untimed";

export function timeValue(seconds: number | null): string {
  return seconds === null ? UNTIMED : String(seconds);
}

interface Fields {
  get(name: string): FormDataEntryValue | null;
}

function parse(fields: Fields) {
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" ? value : null;
  };
  const technology = QUIZ_TECHNOLOGIES.find((t) => t === text("technology"));
  const level = QUIZ_LEVELS.find((l) => l === text("level"));
  const questionCount = QUIZ_LENGTHS.find((n) => String(n) === text("count"));
  const time = text("time");
  const secondsPerQuestion = time === null ? undefined : QUIZ_TIMES.find((s) => timeValue(s) === time);
  return { technology, level, questionCount, secondsPerQuestion };
}

/** Settings to preselect from an address: what is missing or unknown falls back to the defaults. */
export function settingsFromQuery(params: URLSearchParams): QuizSettings {
  const found = parse(params);
  return {
    technology: found.technology ?? DEFAULT_SETTINGS.technology,
    level: found.level ?? DEFAULT_SETTINGS.level,
    questionCount: found.questionCount ?? DEFAULT_SETTINGS.questionCount,
    secondsPerQuestion: found.secondsPerQuestion === undefined ? DEFAULT_SETTINGS.secondsPerQuestion : found.secondsPerQuestion,
  };
}

/** Settings from a submitted form; null when any field is missing or not one of the choices. */
export function settingsFromForm(form: Fields): QuizSettings | null {
  const found = parse(form);
  if (!found.technology || !found.level || !found.questionCount || found.secondsPerQuestion === undefined) return null;
  return {
    technology: found.technology,
    level: found.level,
    questionCount: found.questionCount,
    secondsPerQuestion: found.secondsPerQuestion,
  };
}

/** The query string that preselects these settings on /quizzes. */
export function settingsSearch(settings: QuizSettings): string {
  const params = new URLSearchParams({
    technology: settings.technology,
    level: settings.level,
    count: String(settings.questionCount),
    time: timeValue(settings.secondsPerQuestion),
  });
  return `?${params}`;
}
