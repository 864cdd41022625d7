import type { Kind, Level, TechnologySlug } from "~/lib/technologies";

/**
 * The shapes of quizzes as the API sends them (issue #12), shared by the server, the
 * pages and the mobile client's contract (the OpenAPI document is built from the same
 * fields). A question being asked never carries its answer: `QuizQuestion` has no correct
 * option, output, answer or explanation; those arrive in `QuizFeedback` and `QuizReviewItem`
 * only after the question is closed.
 */

export type QuizTechnology = TechnologySlug | "mixed";
export type QuizLevel = Level | "all";
export const QUIZ_LENGTHS = [10, 20] as const;
/** Seconds per question; null is untimed. */
export const QUIZ_TIMES = [30, 60, null] as const;
export type QuizTime = (typeof QUIZ_TIMES)[number];

export interface QuizSettings {
  technology: QuizTechnology;
  level: QuizLevel;
  questionCount: number;
  secondsPerQuestion: number | null;
}

export interface QuizAttemptSummary extends QuizSettings {
  id: string;
  status: "active" | "finished";
  /** The question being asked (0-based); equals questionCount when finished. */
  position: number;
  correctCount: number;
  /** Percent correct, 0–100. */
  score: number;
  /** Time spent on the questions (not on reading feedback), in ms. */
  durationMs: number;
  startedAt: string;
  finishedAt: string | null;
}

/** What is shown of a question: the same while it is asked and in the review. */
export interface QuizQuestionView {
  technology: TechnologySlug;
  kind: Kind;
  level: Level;
  title: string;
  promptHtml: string | null;
  code: { lang: string; html: string } | null;
  options: string[];
}

/** A question while it is asked: what to show, and how long is left. */
export interface QuizQuestion extends QuizQuestionView {
  position: number;
  total: number;
  /** Milliseconds left when the response was made; null when untimed. */
  remainingMs: number | null;
  secondsPerQuestion: number | null;
}

export type QuizOutcome = "correct" | "wrong" | "skipped" | "late";

/** What the server says once a question is closed. */
export interface QuizFeedback {
  position: number;
  outcome: QuizOutcome;
  chosenOption: number | null;
  correctOption: number;
  questionId: string;
  explanationHtml: string | null;
  finished: boolean;
  correctCount: number;
}

export interface QuizReviewItem extends QuizQuestionView {
  position: number;
  questionId: string;
  chosenOption: number | null;
  correctOption: number;
  outcome: QuizOutcome;
  explanationHtml: string | null;
  answerHtml: string | null;
  /** Time taken on this question, in ms. */
  ms: number;
}

export interface QuizAttemptDetail {
  attempt: QuizAttemptSummary;
  /** Only the questions already closed: never the one being asked or those to come. */
  review: QuizReviewItem[];
}

export type LeaderboardPeriod = "week" | "all";

export interface LeaderboardEntry {
  rank: number;
  name: string;
  score: number;
  questionCount: number;
  durationMs: number;
  finishedAt: string;
  /** True on the row of the signed-in reader. */
  you: boolean;
}

/** How many questions a quiz can draw, per technology and level. */
export type QuizPool = Record<QuizTechnology, Record<QuizLevel, number>>;

/* Live quiz rooms ------------------------------------------------------------------ */

export const ROOM_LENGTHS = [5, 10, 15, 20] as const;
export const ROOM_TIMES = [10, 20, 30, 60] as const;
export type RoomStatus = "lobby" | "question" | "reveal" | "finished" | "ended";

export interface RoomInfo {
  code: string;
  technology: QuizTechnology;
  level: QuizLevel;
  questionCount: number;
  secondsPerQuestion: number;
  status: RoomStatus;
  /** The current question (0-based); -1 in the lobby. */
  position: number;
  hostName: string;
  playerCount: number;
}

export interface RoomPlayer {
  id: string;
  nickname: string;
}

/** A question as every player receives it, at the same moment and with the same deadline. */
export interface RoomQuestion {
  position: number;
  total: number;
  question: Omit<QuizQuestion, "position" | "total" | "remainingMs" | "secondsPerQuestion">;
  /** Milliseconds left when the server sent this. */
  remainingMs: number;
  /** This question's whole time: the host's, or more for a long question (server/quiz/room-timing.ts). */
  secondsPerQuestion: number;
}

export interface RoomStanding {
  rank: number;
  playerId: string;
  nickname: string;
  score: number;
  /** Points from the question just revealed. */
  lastPoints: number;
}

export interface RoomReveal {
  position: number;
  total: number;
  correctOption: number;
  /** How many players chose each option. */
  counts: number[];
  questionId: string;
  technology: string;
  explanationHtml: string | null;
  standings: RoomStanding[];
}

/** The viewer of an event stream: the host, or one player. */
export type RoomViewer = { role: "host" } | { role: "player"; playerId: string; nickname: string };

/**
 * Sent first on every (re)connection: where the room is now, so that a player who reconnects
 * mid-question rejoins it with the time that is left.
 */
export interface RoomSnapshot {
  room: RoomInfo;
  you: RoomViewer & { answered?: boolean; score?: number };
  /** Hosts get every player; players get the count in room.playerCount. */
  players: RoomPlayer[];
  question: RoomQuestion | null;
  /** For hosts during a question. */
  answered: number | null;
  reveal: RoomReveal | null;
  standings: RoomStanding[] | null;
  endedReason: RoomEndReason | null;
}

export type RoomEndReason = "host-left" | "host-ended";

/** The events of GET /api/rooms/{code}/events (server-sent events), by event name. */
export interface RoomEvents {
  state: RoomSnapshot;
  players: { count: number; players?: RoomPlayer[] };
  question: RoomQuestion;
  answered: { position: number; answered: number; players: number };
  reveal: RoomReveal;
  finished: { standings: RoomStanding[] };
  ended: { reason: RoomEndReason };
}
