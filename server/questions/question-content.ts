/**
 * A question as pages and the API use it, rendered at import (question-import.ts) and
 * stored as JSON in question.content. HTML fields are sanitised already.
 */
export interface QuestionContent {
  promptHtml: string | null;
  answerHtml: string | null;
  explanationHtml: string | null;
  statementHtml: string | null;
  /** Inline HTML, one per key point. */
  keyPoints: string[];
  /** The console snippet: its source and its highlighted HTML. */
  code: { lang: string; source: string; html: string } | null;
  options: string[] | null;
  /** Index into options; never sent where the answer must stay hidden (quizzes). */
  correctOption: number | null;
  output: string | null;
  outputPostgres: string | null;
  starter: { lang: string; source: string } | null;
  solution: { lang: string; source: string; html: string } | null;
  tests: { lang: string; source: string } | null;
}
