import { sql } from "kysely";
import type { BlogPostTable } from "../db/schema";
import type { Services } from "../services";
import type { SessionUser } from "../users/user-service";
import { previewText } from "./render";

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
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(value, "base64url").toString()) as unknown[];
    if ((createdAt === null || typeof createdAt === "string") && typeof id === "string") return { createdAt, id };
  } catch {
    // fall through: a bad cursor is no cursor
  }
  return null;
}

/**
 * Approved posts, newest first, posts without a date last (issue #5): keyset pagination
 * on (created_at desc nulls last, id desc), so a deep page costs the same as the first.
 */
export async function listApprovedPosts(services: Services, after: Cursor | null, limit = PAGE_SIZE) {
  let query = services.database.db
    .selectFrom("blog_post")
    .select(["id", "title", "author_name", "created_at", "image_url", "summary", "body_html"])
    .where("status", "=", "approved");
  if (after) {
    query =
      after.createdAt === null
        ? query.where((eb) => eb.and([eb("created_at", "is", null), eb("id", "<", after.id)]))
        : query.where((eb) =>
            eb.or([
              eb("created_at", "<", after.createdAt),
              eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
              eb("created_at", "is", null),
            ]),
          );
  }
  const rows = await query
    .orderBy(sql`created_at desc nulls last`)
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: page.map(toSummary),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

function toSummary(
  row: Pick<BlogPostTable, "id" | "title" | "author_name" | "created_at" | "image_url" | "summary" | "body_html">,
): PostSummary {
  return {
    id: row.id,
    title: row.title,
    authorName: row.author_name,
    createdAt: row.created_at,
    imageUrl: row.image_url,
    preview: previewText(row.body_html),
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
  return { kind: "found", post: { ...toSummary(row), html: row.body_html, status: row.status } };
}
