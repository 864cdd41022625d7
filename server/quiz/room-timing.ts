import type { QuestionContent } from "../questions/question-content";

/**
 * Issue #33: how long a live room gives a question. The host's choice (10–60 s) is a minimum;
 * a question gets at least the time to read it: 2 s per line of code (a console question is
 * traced, not skimmed), 1 s per 5 words of title, prompt and options (about 300 words a
 * minute), rounded up to 5 s and never more than 2 minutes. A 23-line console question gets
 * about 50 s where its host chose 10; a one-line theory question keeps the host's 10 s.
 */
export const READING = { secondsPerCodeLine: 2, wordsPerSecond: 5, stepSeconds: 5, maxSeconds: 120 } as const;

const words = (text: string | null | undefined) =>
  (text ?? "")
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;

export function readingSeconds(title: string, content: Pick<QuestionContent, "promptHtml" | "statementHtml" | "code" | "options">): number {
  const codeLines = (content.code?.source ?? "").split("\n").filter((line) => line.trim()).length;
  const text =
    words(title) + words(content.promptHtml ?? content.statementHtml) + (content.options ?? []).reduce((n, o) => n + words(o), 0);
  const seconds = codeLines * READING.secondsPerCodeLine + text / READING.wordsPerSecond;
  return Math.min(READING.maxSeconds, Math.ceil(seconds / READING.stepSeconds) * READING.stepSeconds);
}

/** The seconds a room gives this question: the host's limit, or more for a long question. */
export function questionSeconds(hostSeconds: number, question: { title: string; content: Parameters<typeof readingSeconds>[1] } | null) {
  return question ? Math.max(hostSeconds, readingSeconds(question.title, question.content)) : hostSeconds;
}
