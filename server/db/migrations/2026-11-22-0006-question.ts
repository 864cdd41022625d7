import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: never import app code here.
// The question bank (issue #6): one row per question file, rendered at import; tags in
// their own table for filtering; a fingerprint of the content folder so that start-up
// skips an unchanged bank without parsing it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("question")
    .addColumn("id", "varchar(120)", (col) => col.primaryKey())
    .addColumn("technology", "varchar(32)", (col) => col.notNull())
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("level", "varchar(16)", (col) => col.notNull())
    .addColumn("title", "varchar(200)", (col) => col.notNull())
    .addColumn("tags", "text", (col) => col.notNull())
    .addColumn("sort_key", "varchar(400)", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("search_text", "text", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull().defaultTo("published"))
    .addColumn("origin", "varchar(16)", (col) => col.notNull().defaultTo("bank"))
    .addColumn("source_path", "text")
    .addColumn("source_hash", "varchar(64)")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .execute();
  // A list page: one technology, kind and level, in order (keyset on sort_key, id).
  await sql`create index question_list_idx on question (technology, kind, level, status, sort_key, id)`.execute(db);
  // Counts per technology and kind.
  await sql`create index question_count_idx on question (status, technology, kind)`.execute(db);

  await db.schema
    .createTable("question_tag")
    .addColumn("question_id", "varchar(120)", (col) => col.notNull().references("question.id").onDelete("cascade"))
    .addColumn("tag", "varchar(60)", (col) => col.notNull())
    .addPrimaryKeyConstraint("question_tag_pk", ["question_id", "tag"])
    .execute();
  await db.schema.createIndex("question_tag_tag_idx").on("question_tag").columns(["tag", "question_id"]).execute();

  await db.schema
    .createTable("content_state")
    .addColumn("name", "varchar(40)", (col) => col.primaryKey())
    .addColumn("fingerprint", "varchar(64)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("content_state").execute();
  await db.schema.dropTable("question_tag").execute();
  await db.schema.dropTable("question").execute();
}
