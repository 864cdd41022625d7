import type { Kysely } from "kysely";

// Frozen in time: never import app code here.
// AI mock interviews (issue #13): a signed-in user's interview and its turns, one per question,
// each with the interviewer's words, the candidate's answer (and the follow-up's), hints taken,
// the coding task's code and test counts, and the grade as JSON. Moments are epoch milliseconds.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("interview_session")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(64)", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("track", "varchar(32)", (col) => col.notNull())
    .addColumn("level", "varchar(16)", (col) => col.notNull())
    .addColumn("current_level", "varchar(16)", (col) => col.notNull())
    .addColumn("question_count", "integer", (col) => col.notNull())
    .addColumn("interviewer", "varchar(16)", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("score", "integer")
    .addColumn("started_at", "varchar(32)", (col) => col.notNull())
    .addColumn("finished_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("interview_session_user_idx").on("interview_session").columns(["user_id", "started_at"]).execute();

  await db.schema
    .createTable("interview_turn")
    .addColumn("session_id", "varchar(32)", (col) => col.notNull().references("interview_session.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("question_id", "varchar(120)", (col) => col.notNull().references("question.id").onDelete("cascade"))
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("level", "varchar(16)", (col) => col.notNull())
    .addColumn("stage", "varchar(16)", (col) => col.notNull())
    .addColumn("asked_text", "text", (col) => col.notNull())
    .addColumn("asked_ms", "bigint", (col) => col.notNull())
    .addColumn("answer", "text")
    .addColumn("follow_up", "text")
    .addColumn("follow_up_point", "integer")
    .addColumn("follow_up_answer", "text")
    .addColumn("answered_ms", "bigint")
    .addColumn("hints", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("tests_passed", "integer")
    .addColumn("tests_total", "integer")
    .addColumn("grade", "text")
    .addColumn("score", "integer")
    .addPrimaryKeyConstraint("interview_turn_pk", ["session_id", "position"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("interview_turn").execute();
  await db.schema.dropTable("interview_session").execute();
}
