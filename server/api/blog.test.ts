import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { listApprovedPosts } from "../blog/blog-service";
import { ContentError, importBlogContent } from "../blog/content-import";
import type { BlogPostTable } from "../db/schema";
import type { Services } from "../services";

function writePost(folder: string, id: string, createdAt: string, body = "Some **text** about interviews.", frontMatter = "") {
  fs.writeFileSync(
    path.join(folder, `${id}.md`),
    `---\nid: ${id}\ntitle: Post ${id}\nauthor: DevPrep Team\ncreatedAt: ${createdAt}\n${frontMatter}---\n\n${body}\n`,
  );
}

/** Thirty numbered words: a preview keeps the first 25 and an ellipsis. */
const thirtyWords = Array.from({ length: 30 }, (_, i) => `word${i + 1}`);
const firstTwentyFive = `${thirtyWords.slice(0, 25).join(" ")}…`;

/** A whole blog_post row: approved, undated and by no account unless the test says otherwise. */
function postRow(row: Pick<BlogPostTable, "id"> & Partial<BlogPostTable>): BlogPostTable {
  return {
    title: row.id,
    author_name: "Tester",
    author_id: null,
    body_markdown: null,
    body_html: `<p>${row.id}</p>`,
    summary: row.id,
    image_url: null,
    created_at: null,
    updated_at: "2026-11-01T00:00:00.000Z",
    status: "approved",
    moderator_note: null,
    approved_by: null,
    approved_at: null,
    origin: "user",
    source_hash: null,
    ...row,
  };
}

/** The services with every SQL statement recorded (its syntax tree, which names each column it reads). */
function recording(services: Services) {
  const statements: string[] = [];
  const db = services.database.db.withPlugin({
    transformQuery: ({ node }) => {
      statements.push(JSON.stringify(node));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { services: { ...services, database: { ...services.database, db } } as Services, statements };
}

describe.each(testDialects())("blog on %s", (dialect: Dialect) => {
  let t: TestServices;
  let folder: string;
  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-blog-"));
    t = await createTestServices(dialect, { CONTENT_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "devprep-empty-")) });
  });
  afterAll(() => t.close());

  const app = () => createApp(t.services, () => Promise.reject(new Error("no pages")));

  test("content import adds, skips unchanged files, updates changed ones and takes down removed ones", async () => {
    writePost(folder, "post-a", "2026-10-01");
    writePost(folder, "post-b", "2026-10-02");
    expect(await importBlogContent(t.services, folder)).toEqual({ added: 2, updated: 0, unchanged: 0, removed: 0 });
    expect(await importBlogContent(t.services, folder)).toEqual({ added: 0, updated: 0, unchanged: 2, removed: 0 });
    writePost(folder, "post-a", "2026-10-01", "Changed body.");
    fs.rmSync(path.join(folder, "post-b.md"));
    expect(await importBlogContent(t.services, folder)).toEqual({ added: 0, updated: 1, unchanged: 0, removed: 1 });
    expect((await app().request("/api/blog/posts/post-b")).status).toBe(404);
    const a = (await (await app().request("/api/blog/posts/post-a")).json()) as { html: string };
    expect(a.html).toContain("Changed body.");
  });

  test("a bad file is reported with its path and what is wrong, and nothing is imported", async () => {
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-bad-"));
    fs.writeFileSync(path.join(bad, "Bad Name.md"), "---\nid: Bad Name\ntitle: x\n---\nbody");
    const error = await importBlogContent(t.services, bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const problems = (error as ContentError).problems.join("\n");
    expect(problems).toContain(`${path.join(bad, "Bad Name.md")}: id: must be lowercase letters, digits and dashes`);
    expect(problems).toContain("author");
  });

  test("an imported post's preview is its body's first 25 words, whatever its front matter's summary says", async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-blog-summary-"));
    writePost(
      own,
      "post-summary",
      "2026-10-05",
      `${thirtyWords.slice(0, 3).join(" ")} **${thirtyWords[3]}**\n\n${thirtyWords.slice(4).join(" ")}`,
      "summary: A sentence no card shows.\n",
    );
    await importBlogContent(t.services, own);
    const list = (await (await app().request("/api/blog/posts?limit=50")).json()) as { posts: { id: string; preview: string }[] };
    expect(list.posts.find((p) => p.id === "post-summary")?.preview).toBe(firstTwentyFive);
    const post = (await (await app().request("/api/blog/posts/post-summary")).json()) as { preview: string };
    expect(post.preview).toBe(firstTwentyFive);
  });

  test("the list shows each post's stored summary and reads no post body", async () => {
    await t.services.database.db
      .insertInto("blog_post")
      .values(
        postRow({
          id: `stored-${dialect}`,
          body_html: "<p>Words of the body, which the list never cuts.</p>",
          summary: "The summary stored with the post.",
          created_at: "2026-10-06T00:00:00.000Z",
        }),
      )
      .execute();
    const list = (await (await app().request("/api/blog/posts?limit=50")).json()) as { posts: { id: string; preview: string }[] };
    expect(list.posts.find((p) => p.id === `stored-${dialect}`)?.preview).toBe("The summary stored with the post.");

    const { services, statements } = recording(t.services);
    const page = await listApprovedPosts(services, null, 50);
    expect(page.posts.map((p) => p.id)).toContain(`stored-${dialect}`);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement).toContain('"summary"');
      expect(statement).not.toContain("body_html");
    }
  });

  test("the list is newest first, undated posts last, in keyset pages that never repeat or skip", async () => {
    const db = t.services.database.db;
    const rows = [
      { id: "k-1", created_at: "2026-11-10T00:00:00.000Z" },
      { id: "k-2", created_at: "2026-11-10T00:00:00.000Z" },
      { id: "k-3", created_at: "2026-11-11T00:00:00.000Z" },
      { id: "k-4", created_at: null },
      { id: "k-5", created_at: null },
      { id: "k-6", created_at: "2026-11-09T00:00:00.000Z" },
    ];
    await db.insertInto("blog_post").values(rows.map(postRow)).execute();
    await db
      .insertInto("blog_post")
      .values(postRow({ id: "k-pending", created_at: "2026-11-30T00:00:00.000Z", status: "pending" }))
      .execute();

    const seen: string[] = [];
    let after: string | null = null;
    do {
      const response = await app().request(`/api/blog/posts?limit=2${after ? `&after=${after}` : ""}`);
      const page = (await response.json()) as { posts: { id: string }[]; nextCursor: string | null };
      seen.push(...page.posts.map((p) => p.id));
      after = page.nextCursor;
    } while (after);
    const ours = seen.filter((id) => id.startsWith("k-"));
    expect(ours).toEqual(["k-3", "k-2", "k-1", "k-6", "k-5", "k-4"]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test("a pending post is hidden from visitors and other users, shown to its author and admins", async () => {
    const author = await t.services.auth.api.signUpEmail({
      body: { name: "Author", email: `author-${dialect}@example.com`, password: "analytical-engine" },
      returnHeaders: true,
    });
    const cookie = author.headers.get("set-cookie")!.split(";")[0]!;
    const other = await t.services.auth.api.signUpEmail({
      body: { name: "Other", email: `other-${dialect}@example.com`, password: "analytical-engine" },
      returnHeaders: true,
    });
    const otherCookie = other.headers.get("set-cookie")!.split(";")[0]!;
    await t.services.database.db
      .insertInto("blog_post")
      .values(
        postRow({
          id: `mine-${dialect}`,
          title: "Mine",
          author_name: "Author",
          author_id: author.response.user.id,
          body_html: "<p>draft</p>",
          summary: "draft",
          status: "pending",
        }),
      )
      .execute();
    const path = `/api/blog/posts/mine-${dialect}`;
    const anonymous = await app().request(path);
    expect(anonymous.status).toBe(404);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toBe(
      "This blog post is not approved or does not exist.",
    );
    expect((await app().request(path, { headers: { Cookie: otherCookie } })).status).toBe(404);
    expect((await app().request(path, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await app().request("/api/blog/posts/no-such-post")).status).toBe(404);
  });
});
