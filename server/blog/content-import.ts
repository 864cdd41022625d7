import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import type { Services } from "../services";
import { postSummary, renderMarkdown } from "./render";

/** Front matter of content/blog/*.md (docs/content-format.md). */
const frontMatter = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{2,119}$/, "must be lowercase letters, digits and dashes"),
  title: z.string().min(3).max(200),
  author: z.string().min(1).max(200),
  createdAt: z.union([z.date(), z.iso.date(), z.iso.datetime()]),
  // Accepted but not shown: cards, the feed and the description show the body's first words,
  // as for every post (spec §9; issue #35).
  summary: z.string().max(300).optional(),
  tags: z.array(z.string()).optional(),
  image: z.url({ protocol: /^https$/ }).optional(),
});

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Blog content is invalid:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "ContentError";
  }
}

export interface ImportSummary {
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
}

/**
 * Imports the staff posts in content/blog as approved posts: validated first (every
 * problem reported as `path: problem`), then upserted by id; an unchanged file writes
 * nothing, and a post whose file is gone is taken down.
 */
export async function importBlogContent(services: Services, folder: string): Promise<ImportSummary> {
  const summary: ImportSummary = { added: 0, updated: 0, unchanged: 0, removed: 0 };
  const files = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((f) => f.endsWith(".md"))
        .sort()
    : [];
  const problems: string[] = [];
  const posts = files.flatMap((file) => {
    const full = path.join(folder, file);
    const raw = fs.readFileSync(full, "utf8");
    const parsed = matter(raw);
    const result = frontMatter.safeParse(parsed.data);
    if (!result.success) {
      for (const issue of result.error.issues) problems.push(`${full}: ${issue.path.join(".") || "front matter"}: ${issue.message}`);
      return [];
    }
    if (`${result.data.id}.md` !== file) problems.push(`${full}: id "${result.data.id}" must match the file name`);
    if (!parsed.content.trim()) problems.push(`${full}: the post has no body`);
    const hash = crypto.createHash("sha256").update(raw).digest("hex");
    return [{ meta: result.data, body: parsed.content, hash }];
  });
  if (problems.length) throw new ContentError(problems);

  const { db } = services.database;
  const existing = new Map(
    (await db.selectFrom("blog_post").select(["id", "source_hash", "status"]).where("origin", "=", "content").execute()).map((r) => [
      r.id,
      r,
    ]),
  );
  const now = new Date().toISOString();
  for (const { meta, body, hash } of posts) {
    const previous = existing.get(meta.id);
    existing.delete(meta.id);
    if (previous?.source_hash === hash && previous.status === "approved") {
      summary.unchanged++;
      continue;
    }
    const html = renderMarkdown(body);
    const created = meta.createdAt instanceof Date ? meta.createdAt : new Date(meta.createdAt);
    const row = {
      title: meta.title,
      author_name: meta.author,
      body_markdown: body,
      body_html: html,
      summary: postSummary(html),
      image_url: meta.image ?? null,
      created_at: created.toISOString(),
      updated_at: now,
      status: "approved" as const,
      approved_at: now,
      source_hash: hash,
    };
    if (previous) {
      await db.updateTable("blog_post").set(row).where("id", "=", meta.id).execute();
      summary.updated++;
    } else {
      await db
        .insertInto("blog_post")
        .values({ id: meta.id, ...row, origin: "content", author_id: null, moderator_note: null, approved_by: null })
        .execute();
      summary.added++;
    }
  }
  for (const gone of existing.values()) {
    if (gone.status === "removed") continue;
    await db.updateTable("blog_post").set({ status: "removed", updated_at: now }).where("id", "=", gone.id).execute();
    summary.removed++;
  }
  return summary;
}
