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
  summary: string | null;
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
  status: "published" | "unpublished";
  origin: "bank" | "admin";
  source_path: string | null;
  source_hash: string | null;
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
  language: "javascript" | "typescript" | "html";
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

export interface Database {
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
