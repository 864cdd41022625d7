import { technologyBySlug } from "~/lib/technologies";
import { fill, questionTexts, quizTexts as t } from "~/lib/texts";
import type { QuizLevel, QuizOutcome } from "./quiz-types";

/** A countdown as m:ss, rounded up so that "0:00" is only shown once the time is really over. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A duration for people: "45 s", "3 min 05 s", "1 h 02 min". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** Average time per question with one decimal: "12.3 s". */
export function formatPerQuestion(ms: number, questions: number): string {
  if (questions <= 0) return "0.0 s";
  return `${(Math.max(0, ms) / questions / 1000).toFixed(1)} s`;
}

/** The technology of a quiz by name; "Mixed" for mixed quizzes. */
export function quizTechnologyName(technology: string): string {
  return technologyBySlug(technology)?.name ?? t.mixed;
}

/** The level of a quiz as the site names it: "Beginner (List 1)", or "All levels". */
export function quizLevelName(level: QuizLevel): string {
  if (level === "all") return t.allLevels;
  return `${questionTexts.levels[level]} (${questionTexts.lists[level]})`;
}

/** "30 s a question" or "Untimed". */
export function quizTimeName(secondsPerQuestion: number | null): string {
  return secondsPerQuestion === null ? t.untimed : fill(t.timedLabel, { seconds: secondsPerQuestion });
}

/** The tally of a finished quiz; late and timed-out answers count as not answered. */
export function tallyOutcomes(outcomes: QuizOutcome[]): { correct: number; wrong: number; unanswered: number } {
  const correct = outcomes.filter((o) => o === "correct").length;
  const wrong = outcomes.filter((o) => o === "wrong").length;
  return { correct, wrong, unanswered: outcomes.length - correct - wrong };
}
