import crypto from "node:crypto";
import { sql } from "kysely";
import type { BlogPostTable } from "../db/schema";
import { decodeKeyset, encodeKeyset } from "../db/keyset";
import { consume } from "../rate-limit/rate-limiter";
import type { Services } from "../services";
import type { SessionUser } from "../users/user-service";
import { withCodeBlocks } from "../questions/render";
import { postSummary, renderMarkdown, sanitizePostHtml } from "./render";

export interface PostSummary {
  id: string;
  title: string;
  authorName: string;
  createdAt: string | null;
  imageUrl: string | null;
  preview: string;
}

export interface Post extends PostSummary {
  html: string;
  status: BlogPostTable["status"];
}

export const PAGE_SIZE = 12;

/** Keyset position: the last post of a page (its date may be empty: those come last). */
interface Cursor {
  createdAt: string | null;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return encodeKeyset([cursor.createdAt, cursor.id]);
}

export function decodeCursor(value: string | null | undefined): Cursor | null {
  const parts = decodeKeyset(value, ["nullable", "string"]);
  return parts ? { createdAt: parts[0] ?? null, id: parts[1]! } : null;
}

/**
 * Approved posts, newest first, posts without a date last (issue #5): keyset pagination
 * on (created_at desc nulls last, id desc), so a deep page costs the same as the first.
 * Only what a card shows is read: the preview is the summary stored with the post, never
 * cut from its body here (issue #35).
 */
export async function listApprovedPosts(services: Services, after: Cursor | null, limit = PAGE_SIZE) {
  const { db } = services.database;
  const columns = ["id", "title", "author_name", "created_at", "image_url", "summary"] as const;
  // Dated posts first, by a row-value comparison that both databases answer from the
  // (status, created_at, id) index; then, if the page is not full, the undated ones.
  let rows: Awaited<ReturnType<typeof datedPage>> = [];
  function datedPage() {
    let query = db.selectFrom("blog_post").select(columns).where("status", "=", "approved").where("created_at", "is not", null);
    if (after?.createdAt) query = query.where(sql<boolean>`(created_at, id) < (${after.createdAt}, ${after.id})`);
    return query
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute();
  }
  if (!after || after.createdAt !== null) rows = await datedPage();
  if (rows.length <= limit) {
    let query = db.selectFrom("blog_post").select(columns).where("status", "=", "approved").where("created_at", "is", null);
    if (after && after.createdAt === null) query = query.where("id", "<", after.id);
    rows = [
      ...rows,
      ...(await query
        .orderBy("id", "desc")
        .limit(limit + 1 - rows.length)
        .execute()),
    ];
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: page.map(toSummary),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

function toSummary(row: Pick<BlogPostTable, "id" | "title" | "author_name" | "created_at" | "image_url" | "summary">): PostSummary {
  return {
    id: row.id,
    title: row.title,
    authorName: row.author_name,
    createdAt: row.created_at,
    imageUrl: row.image_url,
    preview: row.summary,
  };
}

export type PostLookup = { kind: "found"; post: Post } | { kind: "not-found" } | { kind: "not-approved" };

/**
 * One post as this viewer may see it: approved posts for everyone; pending or rejected
 * posts only for their author and admins (issue #5: visibility is a server rule).
 */
export async function findPost(services: Services, id: string, viewer: SessionUser | null): Promise<PostLookup> {
  const row = await services.database.db.selectFrom("blog_post").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || row.status === "removed") return { kind: "not-found" };
  const mayPeek = viewer && (viewer.role === "admin" || (row.author_id !== null && row.author_id === viewer.id));
  if (row.status !== "approved" && !mayPeek) return { kind: "not-approved" };
  // Code in the body through the one code block (issue #33), highlighted as on question pages.
  return { kind: "found", post: { ...toSummary(row), html: withCodeBlocks(row.body_html), status: row.status } };
}

export const POST_LIMITS = { title: 200, body: 100_000, note: 1000 } as const;
/** Issue #31: new posts one user may submit in a (UTC) day; each one waits for a moderator. */
export const POST_QUOTA = { limit: 10, windowMs: 24 * 60 * 60_000 } as const;

export interface PostInput {
  title: string;
  /** Exactly one of markdown (the web editor) or html (API clients). */
  markdown?: string;
  html?: string;
  imageUrl?: string | null;
}

function renderInput(input: PostInput): Pick<BlogPostTable, "body_markdown" | "body_html" | "summary"> {
  const body_markdown = input.markdown ?? null;
  const body_html = input.markdown !== undefined ? renderMarkdown(input.markdown) : sanitizePostHtml(input.html ?? "");
  return { body_markdown, body_html, summary: postSummary(body_html) };
}

export type CreatePostResult = { kind: "created"; id: string } | { kind: "rate-limited"; retryAfterSeconds: number };

/** A signed-in user's new post: pending until a moderator approves it. */
export async function createPost(services: Services, author: SessionUser, input: PostInput): Promise<CreatePostResult> {
  const rate = await consume(services.database.db, `blog-post:${author.id}`, POST_QUOTA);
  if (!rate.allowed) return { kind: "rate-limited", retryAfterSeconds: rate.retryAfterSeconds };
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await services.database.db
    .insertInto("blog_post")
    .values({
      id,
      title: input.title,
      author_name: author.name || author.email.split("@")[0] || "User",
      author_id: author.id,
      ...renderInput(input),
      image_url: input.imageUrl ?? null,
      created_at: now,
      updated_at: now,
      status: "pending",
      moderator_note: null,
      approved_by: null,
      approved_at: null,
      origin: "user",
      source_hash: null,
    })
    .execute();
  return { kind: "created", id };
}

export type EditResult = "updated" | "not-found" | "forbidden" | "locked";

/** The author edits a pending or rejected post; it goes (back) to the moderators. */
export async function updateOwnPost(services: Services, author: SessionUser, id: string, input: PostInput): Promise<EditResult> {
  const { db } = services.database;
  const row = await db.selectFrom("blog_post").select(["author_id", "status"]).where("id", "=", id).executeTakeFirst();
  if (!row || row.status === "removed") return "not-found";
  if (row.author_id !== author.id) return "forbidden";
  if (row.status === "approved") return "locked";
  await db
    .updateTable("blog_post")
    .set({
      title: input.title,
      ...renderInput(input),
      image_url: input.imageUrl ?? null,
      status: "pending",
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", id)
    .execute();
  return "updated";
}

/** The author's own posts with their status and the moderator's note, newest first. */
export async function listOwnPosts(services: Services, author: SessionUser) {
  return services.database.db
    .selectFrom("blog_post")
    .select(["id", "title", "status", "moderator_note", "created_at", "updated_at"])
    .where("author_id", "=", author.id)
    .where("status", "!=", "removed")
    .orderBy("updated_at", "desc")
    .execute();
}

/** The moderation queue: pending posts, oldest first, rendered as they will appear. */
export async function listPendingPosts(services: Services) {
  const rows = await services.database.db
    .selectFrom("blog_post")
    .select(["id", "title", "author_name", "body_html", "image_url", "created_at", "updated_at"])
    .where("status", "=", "pending")
    .orderBy("updated_at", "asc")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    authorName: r.author_name,
    html: r.body_html,
    imageUrl: r.image_url,
    submittedAt: r.updated_at,
  }));
}

/** A moderator's decision; approval stamps who and when. False when the post is not pending. */
export async function moderatePost(
  services: Services,
  moderator: SessionUser,
  id: string,
  decision: "approve" | "reject",
  note: string | null,
) {
  const now = new Date().toISOString();
  const result = await services.database.db
    .updateTable("blog_post")
    .set(
      decision === "approve"
        ? { status: "approved", approved_by: moderator.id, approved_at: now, moderator_note: note, updated_at: now }
        : { status: "rejected", moderator_note: note, updated_at: now },
    )
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The author's own post as the editor needs it (Markdown source), or null. */
export async function findOwnPostForEdit(services: Services, author: SessionUser, id: string) {
  const row = await services.database.db
    .selectFrom("blog_post")
    .select(["id", "title", "body_markdown", "body_html", "image_url", "status", "author_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.author_id !== author.id || row.status === "approved" || row.status === "removed") return null;
  return { id: row.id, title: row.title, markdown: row.body_markdown ?? "", imageUrl: row.image_url };
}
