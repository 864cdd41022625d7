import type { ChallengeLanguage, Kind, Level, TechnologySlug } from "~/lib/technologies";

/**
 * Mock interviews as the API sends them (issue #13), shared by the server, the pages and the
 * OpenAPI document. While a question is asked nothing in `InterviewState` reveals its answer:
 * no model answer, key points, output or solution, and no grade of earlier answers (a real
 * interviewer keeps the verdict for the end). The report (`InterviewReport`) has all of it.
 */

/** A role mix: several technologies in one interview. */
export interface InterviewRole {
  id: string;
  name: string;
  technologies: TechnologySlug[];
}

export const INTERVIEW_ROLES: InterviewRole[] = [
  { id: "frontend", name: "Front-end: JavaScript + React + CSS", technologies: ["javascript", "react", "css"] },
  { id: "backend", name: "Back-end: Node.js + DBMS & SQL + JavaScript", technologies: ["nodejs", "dbms", "javascript"] },
  {
    id: "fullstack",
    name: "Full-stack: JavaScript + TypeScript + React + Node.js + SQL",
    technologies: ["javascript", "typescript", "react", "nodejs", "dbms"],
  },
  { id: "mobile", name: "Mobile: React Native + JavaScript + Swift", technologies: ["react-native", "javascript", "swift"] },
];

/** A technology slug or a role's id. */
export type InterviewTrack = TechnologySlug | (typeof INTERVIEW_ROLES)[number]["id"];

export const INTERVIEW_LENGTHS = [5, 6, 7, 8, 9, 10] as const;

/** Suggested time per kind of question, in seconds: the timer shows it; going over costs nothing but is reported. */
export const SUGGESTED_SECONDS: Record<Kind, number> = { theory: 180, console: 120, program: 900 };

/** Points taken off a question's score per hint. */
export const HINT_COST = 10;
export const MAX_HINTS = 2;

export interface InterviewSettings {
  track: string;
  level: Level;
  questionCount: number;
}

/** Who graded a written answer: the built-in matcher, or a language model (its name, when known). */
export interface InterviewGrader {
  engine: "built-in" | "llm";
  /** The model's name; null for the built-in matcher and for grades stored before models were named. */
  model: string | null;
}

export interface InterviewSummary {
  id: string;
  track: string;
  trackName: string;
  level: Level;
  questionCount: number;
  interviewer: "built-in" | "llm";
  status: "active" | "finished";
  /** The question being asked (0-based); equals questionCount when finished. */
  position: number;
  /** 0–100 once finished: provisional (the engines') until the self-check is confirmed, then the self-checked one. */
  score: number | null;
  /** The engines' overall score: the same as `score` until the self-check replaces it. */
  engineScore: number | null;
  /** When the reader confirmed the self-check (issue #34); null while the scores are provisional. */
  selfCheckedAt: string | null;
  /** Who graded the written answers (known once finished; empty when none was graded). */
  graders: InterviewGrader[];
  /** Whether an engine could not vouch for one of the grades. */
  uncertain: boolean;
  startedAt: string;
  finishedAt: string | null;
}

/** What the candidate needs to work on the question: never its answer. */
export interface InterviewMaterial {
  promptHtml: string | null;
  statementHtml: string | null;
  code: { lang: string; html: string } | null;
  /** The coding task: starter code, tests and their language (no question id: its page has the solution). */
  challenge: { language: ChallengeLanguage; starter: string; tests: string } | null;
}

export interface InterviewCurrent {
  position: number;
  total: number;
  technology: TechnologySlug;
  kind: Kind;
  level: Level;
  /** The interviewer's question, and the follow-up once asked. */
  asked: string;
  followUp: string | null;
  /** The same, their Markdown rendered and sanitised on the server (issue #33). */
  askedHtml: string;
  followUpHtml: string | null;
  /** The candidate's first answer, once the follow-up is asked. */
  answered: string | null;
  /** Waiting for the answer, or for the follow-up's. */
  stage: "answer" | "follow-up";
  material: InterviewMaterial;
  hints: string[];
  /** The hints as HTML (their `code` marked). */
  hintsHtml: string[];
  hintsLeft: number;
  /** Milliseconds since the question was asked, when the response was made. */
  elapsedMs: number;
  suggestedSeconds: number;
}

export interface InterviewState {
  interview: InterviewSummary;
  /** Null once finished. */
  current: InterviewCurrent | null;
}

/** What the engine found of a key point in the answer (issue #34). */
export type KeyPointStatus = "covered" | "missing" | "contradicted";

export interface ReportKeyPoint {
  text: string;
  status: KeyPointStatus;
  /** `status === "covered"`. */
  covered: boolean;
  /** The candidate's words that earned it (covered), or that say otherwise (contradicted). */
  evidence: string | null;
  /** The reader's own tick, once the self-check is confirmed. */
  checked: boolean | null;
  /** One of the question's core key points (70% of the score; the built-in grader's mark), or null when all weigh the same. */
  core: boolean | null;
}

export interface ReportTurn {
  position: number;
  questionId: string;
  url: string;
  technology: TechnologySlug;
  kind: Kind;
  level: Level;
  title: string;
  asked: string;
  askedHtml: string;
  answer: string | null;
  followUp: string | null;
  followUpHtml: string | null;
  followUpAnswer: string | null;
  /** 0–100 after hints: the engine's until the self-check is confirmed, then the self-checked one. */
  score: number;
  /** The engine's score after hints (the same as `score` until the self-check replaces it). */
  engineScore: number;
  /** Whether the answer is part of the self-check: a written (theory or console) answer with key points. */
  selfCheck: boolean;
  hints: number;
  durationMs: number;
  overTime: boolean;
  gradedBy: "built-in" | "llm" | "tests" | "output";
  /** Who graded the written answer (null for the coding task, which its tests score). */
  grader: InterviewGrader | null;
  /** "low" when the engine could not vouch for its grade: the reader should check it. */
  confidence: "high" | "low";
  /** Why a configured model did not grade it (the built-in matcher stood in). */
  fallbackReason: "timeout" | "error" | "invalid" | null;
  feedback: string | null;
  feedbackHtml: string | null;
  keyPoints: ReportKeyPoint[];
  /** Console questions: the lines of the expected output the answer got right. */
  output: { expected: string; matchedLines: number; totalLines: number } | null;
  tests: { passed: number; total: number } | null;
  /** The answer and explanation, or for a coding task the reference solution in a code block. */
  modelAnswerHtml: string | null;
}

/** The reader's ticks for each written answer of the self-check (issue #34): positions 0-based, one tick per key point. */
export interface SelfCheckInput {
  turns: { position: number; ticks: boolean[] }[];
}

export interface TopicSummary {
  technology: TechnologySlug;
  name: string;
  score: number;
  strengths: string[];
  gaps: string[];
}

export interface InterviewReport {
  interview: InterviewSummary;
  turns: ReportTurn[];
  topics: TopicSummary[];
  studyNext: { title: string; url: string }[];
}
