import type { Generated } from "kysely";

/**
 * Table types as the app sees them. Migrations (./migrations) are the source of truth
 * for the physical schema; these types follow them. Timestamps are ISO-8601 strings
 * on both dialects so that services never branch on the database.
 */
export interface RateLimitTable {
  bucket: string;
  window_start: number;
  hits: number;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  message: string;
  /** A keyed hash of the sender's network address: enough to spot abuse, not to locate anyone. */
  client_hash: string;
  created_at: string;
  handled_at: string | null;
}

/** better-auth's user table plus our fields (migration 0003). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  signupFrom: string;
  lastLogin: string | Date | null;
  role: "user" | "admin";
  /** 1: keep this user's name off the quiz leaderboards (an account setting, issue #12). */
  quiz_leaderboard_hidden: number;
}

export interface SessionTable {
  id: string;
  expiresAt: string | Date;
  token: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export type PostStatus = "pending" | "approved" | "rejected" | "removed";

export interface BlogPostTable {
  id: string;
  title: string;
  author_name: string;
  author_id: string | null;
  body_markdown: string | null;
  /** Sanitised on write (server/blog/render.ts); pages render only this. */
  body_html: string;
  /**
   * The card preview (server/blog/render.ts, postSummary), written with every post and filled
   * for older ones by migration 2026-12-08-0002. The column stays nullable (SQLite cannot change
   * a column's constraints in place), but nothing writes a post without it.
   */
  summary: string;
  image_url: string | null;
  created_at: string | null;
  updated_at: string;
  status: PostStatus;
  moderator_note: string | null;
  approved_by: string | null;
  approved_at: string | null;
  origin: "content" | "user";
  source_hash: string | null;
}

export interface ImageUploadTable {
  /** The stored file's name under DATA_DIR/uploads, e.g. "3f0c….webp". */
  name: string;
  user_id: string | null;
  original_format: string;
  bytes: number;
  width: number;
  height: number;
  created_at: string;
}

export interface QuestionTable {
  id: string;
  technology: string;
  kind: "theory" | "console" | "program";
  level: "beginner" | "advance" | "expert";
  title: string;
  /** Comma-separated, for display; question_tag is what filters use. */
  tags: string;
  /** Orders a list: the file's `order` (zero-padded) then its lowercased title in hex (question-import.ts). */
  sort_key: string;
  /** JSON of QuestionContent (server/questions/question-service.ts), rendered at import. */
  content: string;
  search_text: string;
  /** The key points, one a line: searched with the title, before the body. */
  key_points: string;
  status: "published" | "unpublished";
  origin: "bank" | "admin";
  source_path: string | null;
  source_hash: string | null;
  /** 1 when the question has options and a correct one: quizzes draw only these. */
  quiz_ready: number;
  created_at: string;
  updated_at: string;
}

export interface QuestionTagTable {
  question_id: string;
  tag: string;
}

export interface ContentStateTable {
  name: string;
  fingerprint: string;
  updated_at: string;
}

export interface QuestionProgressTable {
  user_id: string;
  question_id: string;
  done_at: string | null;
  bookmarked_at: string | null;
  updated_at: string;
}

export interface SnippetTable {
  id: string;
  language: "javascript" | "typescript" | "html" | "python" | "sql";
  code: string;
  user_id: string | null;
  /** A keyed hash of the sharer's address, for the rate limit and abuse reports. */
  client_hash: string;
  created_at: string;
}

export interface ChallengeCodeTable {
  user_id: string;
  question_id: string;
  code: string;
  solved_at: string | null;
  updated_at: string;
}

/** Epoch milliseconds: the moments a deadline is checked against (bigint; pg returns strings). */
type Millis = number | string;

export interface QuizAttemptTable {
  id: string;
  /** Null for a visitor's attempt (kept a day, for scoring only). */
  user_id: string | null;
  /** A technology slug or "mixed". */
  technology: string;
  /** A level or "all". */
  level: string;
  question_count: number;
  /** Null: untimed. */
  seconds_per_question: number | null;
  /** The question being asked (0-based); equals question_count when finished. */
  position: number;
  correct_count: number;
  /** Percent correct, 0–100. */
  score: number;
  duration_ms: Millis;
  status: "active" | "finished";
  started_at: string;
  finished_at: string | null;
}

export interface QuizAttemptQuestionTable {
  attempt_id: string;
  position: number;
  question_id: string;
  served_ms: Millis | null;
  deadline_ms: Millis | null;
  answered_ms: Millis | null;
  chosen_option: number | null;
  /** correct | wrong | skipped (no answer, or time ran out) | late (answered after the deadline). */
  outcome: "correct" | "wrong" | "skipped" | "late" | null;
}

export type RoomStatus = "lobby" | "question" | "reveal" | "finished" | "ended";

export interface QuizRoomTable {
  id: string;
  /** What players type to join: unique among rooms that have not finished or ended. */
  code: string;
  host_id: string;
  technology: string;
  level: string;
  question_count: number;
  seconds_per_question: number;
  status: RoomStatus;
  /** The current question (0-based); -1 in the lobby. */
  position: number;
  served_ms: Millis | null;
  deadline_ms: Millis | null;
  /** When the host's event stream last connected: a host gone for good ends the room. */
  host_seen_ms: Millis | null;
  /** Why a room ended early: host-left | host-ended. */
  end_reason: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface QuizRoomQuestionTable {
  room_id: string;
  position: number;
  question_id: string;
}

export interface QuizRoomPlayerTable {
  id: string;
  room_id: string;
  user_id: string | null;
  nickname: string;
  /** sha256 of the player's token (the token itself is only ever in the player's hands). */
  token_hash: string;
  score: number;
  final_rank: number | null;
  joined_at: string;
}

export interface QuizRoomAnswerTable {
  room_id: string;
  player_id: string;
  position: number;
  chosen_option: number;
  correct: number;
  points: number;
  answered_ms: Millis;
}

/** A signed-in user's mock interview (issue #13). */
export interface InterviewSessionTable {
  id: string;
  user_id: string;
  /** A technology slug or a role mix's id (app/features/interview/interview-types.ts). */
  track: string;
  /** The level chosen at the start, and the one the next question is drawn at (it adapts). */
  level: string;
  current_level: string;
  question_count: number;
  /** Who ran it: "built-in" or "llm". */
  interviewer: string;
  status: "active" | "finished";
  /** The turn being asked (0-based); equals question_count when finished. */
  position: number;
  /** 0–100 once finished: the engines' mean, then the self-checked one once confirmed. */
  score: number | null;
  started_at: string;
  finished_at: string | null;
  /** When the reader confirmed the self-check (issue #34); until then the scores are provisional. */
  self_checked_at: string | null;
  /** The engines' overall score, kept when the self-check replaced it. */
  engine_score: number | null;
  /** Who graded the written answers, as JSON `{ graders, uncertain }`, written on finishing. */
  grading: string | null;
}

export interface InterviewTurnTable {
  session_id: string;
  position: number;
  question_id: string;
  kind: "theory" | "console" | "program";
  level: string;
  /** "answer": waiting for the answer; "follow-up": for the follow-up's; "done": graded. */
  stage: "answer" | "follow-up" | "done";
  /** What the interviewer said when asking. */
  asked_text: string;
  asked_ms: Millis;
  /** The candidate's answer (the coding task's code). */
  answer: string | null;
  follow_up: string | null;
  /** The key point the follow-up aimed at. */
  follow_up_point: number | null;
  follow_up_answer: string | null;
  answered_ms: Millis | null;
  hints: number;
  tests_passed: number | null;
  tests_total: number | null;
  /** The InterviewGrade as JSON (theory and console answers). */
  grade: string | null;
  /** 0–100 after hints were taken off (the self-checked score once the check is confirmed). */
  score: number | null;
  /** The reader's ticks, one per key point of the stored grade, as a JSON array of booleans (issue #34). */
  self_check: string | null;
  /** The engine's score, kept when the self-check replaced it. */
  engine_score: number | null;
}

/** The page cache's content versions (server/http/content-versions.ts), raised by triggers. */
export interface ContentVersionTable {
  scope: string;
  version: number;
}

export interface Database {
  content_version: ContentVersionTable;
  interview_session: InterviewSessionTable;
  interview_turn: InterviewTurnTable;
  quiz_attempt: QuizAttemptTable;
  quiz_attempt_question: QuizAttemptQuestionTable;
  quiz_room: QuizRoomTable;
  quiz_room_question: QuizRoomQuestionTable;
  quiz_room_player: QuizRoomPlayerTable;
  quiz_room_answer: QuizRoomAnswerTable;
  challenge_code: ChallengeCodeTable;
  snippet: SnippetTable;
  question_progress: QuestionProgressTable;
  question: QuestionTable;
  question_tag: QuestionTagTable;
  content_state: ContentStateTable;
  blog_post: BlogPostTable;
  image_upload: ImageUploadTable;
  user: UserTable;
  session: SessionTable;
  rate_limit: RateLimitTable;
  contact_message: ContactMessageTable;
}

export type Id = Generated<number>;
