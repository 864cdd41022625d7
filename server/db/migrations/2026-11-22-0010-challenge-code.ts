import type { Kysely } from "kysely";

// Frozen in time: never import app code here.
// A signed-in user's code for a programming challenge, and when it first passed every test (issue #7).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("challenge_code")
    .addColumn("user_id", "varchar(64)", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("question_id", "varchar(120)", (col) => col.notNull().references("question.id").onDelete("cascade"))
    .addColumn("code", "text", (col) => col.notNull())
    .addColumn("solved_at", "varchar(32)")
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addPrimaryKeyConstraint("challenge_code_pk", ["user_id", "question_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("challenge_code").execute();
}
