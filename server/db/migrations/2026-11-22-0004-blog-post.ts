import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: never import app code here.
// Dev Insights posts (issue #5). Dates are ISO-8601 text on both dialects, so that
// keyset pagination compares the same way everywhere.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("blog_post")
    .addColumn("id", "varchar(120)", (col) => col.primaryKey())
    .addColumn("title", "varchar(200)", (col) => col.notNull())
    .addColumn("author_name", "varchar(200)", (col) => col.notNull())
    .addColumn("author_id", "varchar(64)", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("body_markdown", "text")
    .addColumn("body_html", "text", (col) => col.notNull())
    .addColumn("summary", "varchar(300)")
    .addColumn("image_url", "text")
    .addColumn("created_at", "varchar(32)")
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull().defaultTo("pending"))
    .addColumn("moderator_note", "text")
    .addColumn("approved_by", "varchar(64)")
    .addColumn("approved_at", "varchar(32)")
    .addColumn("origin", "varchar(16)", (col) => col.notNull().defaultTo("user"))
    .addColumn("source_hash", "varchar(64)")
    .execute();
  // "Approved, newest first" (issue #5), with the id as the tie-breaker of the keyset.
  await sql`create index blog_post_listing_idx on blog_post (status, created_at desc, id desc)`.execute(db);
  await db.schema.createIndex("blog_post_author_idx").on("blog_post").column("author_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("blog_post").execute();
}
