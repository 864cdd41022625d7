import type { QuizFeedback, QuizQuestion } from "./quiz-types";

/**
 * The browser's side of playing a quiz: POST /api/quizzes/{id}/current and …/answers
 * (server/api/quizzes.ts is the contract). Results are tagged rather than thrown, so the
 * player can tell "time was up" from "the quiz moved on" from "no connection".
 */

export type CurrentResult = { kind: "question"; question: QuizQuestion } | { kind: "finished" } | { kind: "missing" } | { kind: "failed" };

export type AnswerResult =
  | { kind: "feedback"; feedback: QuizFeedback }
  | { kind: "late" }
  /** Finished, or not the question being asked (another tab answered it): ask the server where the quiz is. */
  | { kind: "moved-on" }
  | { kind: "missing" }
  | { kind: "failed" };

async function post(path: string, body?: unknown): Promise<Response | null> {
  return fetch(path, {
    method: "POST",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
}

async function errorCode(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code;
}

export async function fetchCurrent(attemptId: string): Promise<CurrentResult> {
  const response = await post(`/api/quizzes/${encodeURIComponent(attemptId)}/current`);
  if (!response) return { kind: "failed" };
  if (response.ok) return { kind: "question", question: ((await response.json()) as { question: QuizQuestion }).question };
  if (response.status === 409) return { kind: "finished" };
  if (response.status === 404) return { kind: "missing" };
  return { kind: "failed" };
}

/** Answers the question at `position`; `option` null gives it up (the countdown ran out). */
export async function sendAnswer(attemptId: string, position: number, option: number | null): Promise<AnswerResult> {
  const response = await post(`/api/quizzes/${encodeURIComponent(attemptId)}/answers`, { position, option });
  if (!response) return { kind: "failed" };
  if (response.ok) return { kind: "feedback", feedback: ((await response.json()) as { feedback: QuizFeedback }).feedback };
  if (response.status === 409) return (await errorCode(response)) === "deadline_passed" ? { kind: "late" } : { kind: "moved-on" };
  if (response.status === 404) return { kind: "missing" };
  return { kind: "failed" };
}
