import { textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import app code here.
// The blog list shows the summary stored with each post instead of cutting every body on each
// request (issue #35). Until now user posts stored none and staff posts their front matter's
// `summary`, which no page showed: every post gets the card preview as pages showed it (the
// body's first 25 words, spec §9). Twenty-five words can be longer than 300 characters, so
// PostgreSQL's column becomes text; SQLite does not enforce a varchar's length.
const WORDS = 25;
const BATCH = 200;

// server/blog/render.ts's previewText as it is today, copied so that this migration keeps
// meaning what it meant when it was written.
function preview(html: string): string {
  const spaced = html.replace(/<(\/(?:p|h\d|li|blockquote|pre|td|th|tr|ul|ol|div)|br\s*\/?)>/gi, " $&");
  const parts = textContent(parseDocument(spaced)).replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  return parts.length <= WORDS ? parts.join(" ") : `${parts.slice(0, WORDS).join(" ")}…`;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table blog_post alter column summary type text`.execute(db);
  }
  // In id order, a batch of bodies at a time, so that a large blog is not held in memory at once.
  let after = "";
  for (;;) {
    const rows: { id: string; body_html: string }[] = await db
      .selectFrom("blog_post")
      .select(["id", "body_html"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      await db
        .updateTable("blog_post")
        .set({ summary: preview(row.body_html) })
        .where("id", "=", row.id)
        .execute();
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

// The summaries stay: the code before this migration never read them.
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table blog_post alter column summary type varchar(300) using left(summary, 300)`.execute(db);
  }
}
