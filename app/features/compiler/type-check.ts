import { compilerTexts as t, fill } from "~/lib/texts";
import type { RunEvent } from "../runner/sandbox";

interface CheckAnswer {
  codeErrors?: { line: number; column: number; message: string }[];
  otherErrors?: { line?: number; message?: string }[];
  error?: { message?: string };
}

/**
 * Asks the server's checker (POST /api/compiler/typecheck) for the program's type errors,
 * as output lines with their line. Never throws: when the check cannot be had (busy, too
 * slow, rate-limited, offline) one note says the types were not checked, and the program
 * runs all the same.
 */
export async function compilerTypeErrors(code: string): Promise<RunEvent[]> {
  const response = await fetch("/api/compiler/typecheck", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  }).catch(() => null);
  const body = response ? ((await response.json().catch(() => null)) as CheckAnswer | null) : null;
  if (!response?.ok || !body?.codeErrors) {
    const reason = body?.error?.message ?? t.typesOffline;
    return [{ type: "console", level: "warn", text: fill(t.typesNotChecked, { reason }) }];
  }
  return [...body.codeErrors, ...(body.otherErrors ?? [])].map((error) => ({
    type: "error",
    message: fill(t.typeError, { message: error.message ?? "" }),
    line: error.line ?? null,
  }));
}
