import type { Kysely } from "kysely";

// Frozen in time: never import app code here.
// The self-check of a finished interview (issue #34): the reader ticks the key points each
// written answer makes, and those ticks, not the engine's, give the final score. Kept per turn:
// the ticks (a JSON array of booleans, one per key point of the stored grade) and the engine's
// score they replaced; per interview: when the check was confirmed (once), the engine's overall
// score, and who graded its answers (JSON, written when the interview finishes, for the history
// list; null on interviews finished before this migration).
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable("interview_session").addColumn("self_checked_at", "varchar(32)").execute();
  await db.schema.alterTable("interview_session").addColumn("engine_score", "integer").execute();
  await db.schema.alterTable("interview_session").addColumn("grading", "text").execute();
  await db.schema.alterTable("interview_turn").addColumn("self_check", "text").execute();
  await db.schema.alterTable("interview_turn").addColumn("engine_score", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("interview_turn").dropColumn("engine_score").execute();
  await db.schema.alterTable("interview_turn").dropColumn("self_check").execute();
  await db.schema.alterTable("interview_session").dropColumn("grading").execute();
  await db.schema.alterTable("interview_session").dropColumn("engine_score").execute();
  await db.schema.alterTable("interview_session").dropColumn("self_checked_at").execute();
}
