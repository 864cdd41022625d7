import { challengeTexts as t, fill } from "~/lib/texts";
import type { RunOutcome } from "../runner/sandbox";

/** The server's verdict on a TypeScript challenge (POST /api/questions/{technology}/{id}/typecheck). */
export interface TypeCheck {
  codeErrors: { line: number; column: number; message: string }[];
  testErrors: { test: string; line: number; column: number; message: string }[];
  otherErrors: { line?: number; column?: number; message?: string }[];
}

export type TypeCheckOutcome = { ok: true; check: TypeCheck } | { ok: false; message: string };

/** Asks the server to compile the code with the challenge's tests; never throws. */
export function requestTypeCheck(technology: string, questionId: string, code: string): Promise<TypeCheckOutcome> {
  return postTypeCheck(`/api/questions/${encodeURIComponent(technology)}/${encodeURIComponent(questionId)}/typecheck`, { code });
}

/** The same for a mock interview's coding task, which is known by the interview and its position. */
export function requestInterviewTypeCheck(interviewId: string, position: number, code: string): Promise<TypeCheckOutcome> {
  return postTypeCheck(`/api/interviews/${encodeURIComponent(interviewId)}/typecheck`, { position, code });
}

async function postTypeCheck(url: string, payload: object): Promise<TypeCheckOutcome> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
  }).catch(() => null);
  if (!response) return { ok: false, message: t.typeCheckOffline };
  const body = (await response.json().catch(() => null)) as (TypeCheck & { error?: { message?: string } }) | null;
  if (!response.ok || !body)
    return { ok: false, message: fill(t.typeCheckFailed, { message: body?.error?.message ?? response.statusText }) };
  return { ok: true, check: body };
}

type Results = NonNullable<RunOutcome["results"]>;

/** A test that ran but does not compile fails, with the compiler's message. */
export function withTypeErrors(results: Results, check: TypeCheck): Results {
  return results.map((result) => {
    const error = check.testErrors.find((e) => e.test === result.name);
    if (!error || !result.passed) return result;
    return { name: result.name, passed: false, message: fill(t.typeErrorInTest, { message: error.message }) };
  });
}

/** Errors that belong to no test: in the candidate's code, or around the tests. */
export function generalTypeErrors(check: TypeCheck): string[] {
  return [...check.codeErrors, ...check.otherErrors].map((e) =>
    e.line ? fill(t.typeErrorAt, { line: e.line, column: e.column ?? 1, message: e.message ?? "" }) : (e.message ?? ""),
  );
}
