import type { KeyPointGrade } from "./grader";

/**
 * The interviewer (issue #13): one interface, two implementations chosen by configuration —
 * the built-in one (offline, deterministic: the bank's own wording and the text-matching
 * grader) and a language model behind any OpenAI-compatible chat-completions server.
 *
 * The interview service decides everything that must be fair and repeatable (which question,
 * when to follow up, hints, points); the interviewer only phrases and grades.
 */

/** What an interviewer knows about one question of the bank. Plain text unless named HTML. */
export interface InterviewQuestion {
  id: string;
  technology: string;
  kind: "theory" | "console" | "program";
  level: "beginner" | "advance" | "expert";
  title: string;
  /** The question's prompt or statement as plain text (may be empty). */
  prompt: string;
  /** The console snippet or the coding task's starter code. */
  code: string | null;
  /** Inline HTML, one per key point (the rubric). */
  keyPoints: string[];
  /** The bank's model answer as plain text (answer, explanation or solution). */
  referenceAnswer: string;
  /** A theory question's short answer as plain text (its core, for the built-in grader); "" for the others. */
  shortAnswer?: string;
  /** A theory question's quiz options as Markdown (the wrong ones are misconceptions the grader looks for). */
  options?: { text: string; correct: boolean }[];
}

/** A grade as the interview stores and shows it. */
export interface InterviewGrade {
  /** 0–100, before hints are taken off. */
  score: number;
  keyPoints: KeyPointGrade[];
  /** A sentence or two for the candidate (the built-in grader's penalty, or the model's feedback). */
  feedback: string | null;
  /** Who graded: the model, or the built-in grader (by configuration or as the fallback). */
  gradedBy: "built-in" | "llm";
  /** The model's name when a model graded (shown with the grade: "graded by llama3.1:8b"). */
  model?: string;
  /**
   * "low" when the grade cannot be vouched for: the built-in engine's matches sit near the line
   * or contradict a key point, or the model's judgements disagreed. Missing on grades stored
   * before issue #34 (read as "high").
   */
  confidence?: "high" | "low";
  /** Why the model's grade was not used, when the built-in grader stood in for it. */
  fallbackReason?: "timeout" | "error" | "invalid";
}

/** Receives the interviewer's text as it is produced (a model streams it; the built-in one sends it whole). */
export type TextSink = (chunk: string) => void;

export interface Interviewer {
  readonly kind: "built-in" | "llm";
  /** How the interviewer puts the question to the candidate. */
  ask(question: InterviewQuestion, onText: TextSink, signal?: AbortSignal): Promise<string>;
  /** One follow-up aimed at a key point the answer missed (`missed` is that key point's inline HTML). */
  followUp(question: InterviewQuestion, missed: string, answer: string, onText: TextSink, signal?: AbortSignal): Promise<string>;
  /**
   * Grades a theory answer (with the follow-up's answer appended, when there was one) against the
   * question's key points. Never throws for a bad model reply: the built-in grader stands in.
   */
  grade(question: InterviewQuestion, answer: string, signal?: AbortSignal): Promise<InterviewGrade>;
}
