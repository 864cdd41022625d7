import type { InterviewState } from "./interview-types";

/**
 * The browser's side of an interview (server/api/interviews.ts is the contract). Steps that make
 * the interviewer speak are read as NDJSON, so its words appear as they are produced; results are
 * tagged rather than thrown, so the page can tell "moved on" from "no connection".
 */

export type StepResult =
  { kind: "state"; state: InterviewState } | { kind: "moved-on"; message?: string } | { kind: "failed"; message?: string };

interface ResultLine {
  type: "result";
  status: number;
  body: InterviewState | { error?: { message?: string } };
}

function toResult(status: number, body: unknown): StepResult {
  if (status >= 200 && status < 300) return { kind: "state", state: body as InterviewState };
  const message = (body as { error?: { message?: string } } | null)?.error?.message;
  return status === 409 ? { kind: "moved-on", message } : { kind: "failed", message };
}

/** POSTs a step and streams the interviewer's words to `onText`. */
export async function streamStep(path: string, body: unknown, onText: (text: string) => void): Promise<StepResult> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!response) return { kind: "failed" };
  if (!response.headers.get("content-type")?.includes("ndjson") || !response.body)
    return toResult(response.status, await response.json().catch(() => null));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let result: ResultLine | null = null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        const line = JSON.parse(buffer.slice(0, newline)) as { type: "text"; text: string } | ResultLine;
        buffer = buffer.slice(newline + 1);
        if (line.type === "text") onText(line.text);
        else result = line;
        newline = buffer.indexOf("\n");
      }
    }
  } catch {
    return { kind: "failed" };
  }
  return result ? toResult(result.status, result.body) : { kind: "failed" };
}

/** Asks for a hint; the state comes back with it. */
export async function requestHint(interviewId: string, position: number): Promise<StepResult> {
  const response = await fetch(`/api/interviews/${encodeURIComponent(interviewId)}/hints`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ position }),
  }).catch(() => null);
  if (!response) return { kind: "failed" };
  const body = (await response.json().catch(() => null)) as { state?: InterviewState } | null;
  return toResult(response.status, response.ok ? body?.state : body);
}
