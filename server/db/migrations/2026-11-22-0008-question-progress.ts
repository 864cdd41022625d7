import type { Kysely } from "kysely";

// Frozen in time: never import app code here.
// A signed-in user's marks on questions (issue #6): done and bookmarked, each with when.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("question_progress")
    .addColumn("user_id", "varchar(64)", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("question_id", "varchar(120)", (col) => col.notNull().references("question.id").onDelete("cascade"))
    .addColumn("done_at", "varchar(32)")
    .addColumn("bookmarked_at", "varchar(32)")
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addPrimaryKeyConstraint("question_progress_pk", ["user_id", "question_id"])
    .execute();
  await db.schema.createIndex("question_progress_bookmarks_idx").on("question_progress").columns(["user_id", "bookmarked_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("question_progress").execute();
}
