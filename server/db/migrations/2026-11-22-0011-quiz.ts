import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: never import app code here.
// Quizzes (issue #12): practice attempts with their drawn questions, live rooms with
// their players and answers, the questions a quiz can draw (those with options), and the
// account setting that keeps a user off the leaderboards. Moments a deadline is checked
// against are epoch milliseconds (bigint); the rest are ISO-8601 strings like elsewhere.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("question")
    .addColumn("quiz_ready", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  // Backfill from the rendered content: a question with options and a correct one.
  const rows = await db.selectFrom("question").select(["id", "content"]).execute();
  for (const row of rows as { id: string; content: string }[]) {
    const content = JSON.parse(row.content) as { options?: unknown[] | null; correctOption?: number | null };
    if (Array.isArray(content.options) && content.options.length >= 2 && typeof content.correctOption === "number")
      await db.updateTable("question").set({ quiz_ready: 1 }).where("id", "=", row.id).execute();
  }
  await sql`create index question_quiz_idx on question (status, quiz_ready, technology, level)`.execute(db);

  await db.schema
    .alterTable("user")
    .addColumn("quiz_leaderboard_hidden", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("quiz_attempt")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(64)", (col) => col.references("user.id").onDelete("cascade"))
    .addColumn("technology", "varchar(32)", (col) => col.notNull())
    .addColumn("level", "varchar(16)", (col) => col.notNull())
    .addColumn("question_count", "integer", (col) => col.notNull())
    .addColumn("seconds_per_question", "integer")
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("correct_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("score", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("duration_ms", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("started_at", "varchar(32)", (col) => col.notNull())
    .addColumn("finished_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("quiz_attempt_history_idx").on("quiz_attempt").columns(["user_id", "status", "finished_at"]).execute();
  await db.schema
    .createIndex("quiz_attempt_board_idx")
    .on("quiz_attempt")
    .columns(["technology", "status", "finished_at", "score"])
    .execute();
  await db.schema.createIndex("quiz_attempt_started_idx").on("quiz_attempt").columns(["status", "started_at"]).execute();

  await db.schema
    .createTable("quiz_attempt_question")
    .addColumn("attempt_id", "varchar(32)", (col) => col.notNull().references("quiz_attempt.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("question_id", "varchar(120)", (col) => col.notNull().references("question.id").onDelete("cascade"))
    .addColumn("served_ms", "bigint")
    .addColumn("deadline_ms", "bigint")
    .addColumn("answered_ms", "bigint")
    .addColumn("chosen_option", "integer")
    .addColumn("outcome", "varchar(16)")
    .addPrimaryKeyConstraint("quiz_attempt_question_pk", ["attempt_id", "position"])
    .execute();

  await db.schema
    .createTable("quiz_room")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("code", "varchar(8)", (col) => col.notNull())
    .addColumn("host_id", "varchar(64)", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("technology", "varchar(32)", (col) => col.notNull())
    .addColumn("level", "varchar(16)", (col) => col.notNull())
    .addColumn("question_count", "integer", (col) => col.notNull())
    .addColumn("seconds_per_question", "integer", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(-1))
    .addColumn("served_ms", "bigint")
    .addColumn("deadline_ms", "bigint")
    .addColumn("host_seen_ms", "bigint")
    .addColumn("end_reason", "varchar(16)")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("finished_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("quiz_room_code_idx").on("quiz_room").columns(["code", "status"]).execute();
  await db.schema.createIndex("quiz_room_host_idx").on("quiz_room").columns(["host_id", "created_at"]).execute();

  await db.schema
    .createTable("quiz_room_question")
    .addColumn("room_id", "varchar(32)", (col) => col.notNull().references("quiz_room.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("question_id", "varchar(120)", (col) => col.notNull().references("question.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("quiz_room_question_pk", ["room_id", "position"])
    .execute();

  await db.schema
    .createTable("quiz_room_player")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("room_id", "varchar(32)", (col) => col.notNull().references("quiz_room.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(64)", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("nickname", "varchar(40)", (col) => col.notNull())
    .addColumn("token_hash", "varchar(64)", (col) => col.notNull())
    .addColumn("score", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("final_rank", "integer")
    .addColumn("joined_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("quiz_room_player_room_idx").on("quiz_room_player").columns(["room_id", "nickname"]).unique().execute();
  await db.schema.createIndex("quiz_room_player_user_idx").on("quiz_room_player").columns(["user_id"]).execute();

  await db.schema
    .createTable("quiz_room_answer")
    .addColumn("room_id", "varchar(32)", (col) => col.notNull().references("quiz_room.id").onDelete("cascade"))
    .addColumn("player_id", "varchar(32)", (col) => col.notNull().references("quiz_room_player.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("chosen_option", "integer", (col) => col.notNull())
    .addColumn("correct", "integer", (col) => col.notNull())
    .addColumn("points", "integer", (col) => col.notNull())
    .addColumn("answered_ms", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("quiz_room_answer_pk", ["room_id", "position", "player_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("quiz_room_answer").execute();
  await db.schema.dropTable("quiz_room_player").execute();
  await db.schema.dropTable("quiz_room_question").execute();
  await db.schema.dropTable("quiz_room").execute();
  await db.schema.dropTable("quiz_attempt_question").execute();
  await db.schema.dropTable("quiz_attempt").execute();
  await db.schema.alterTable("user").dropColumn("quiz_leaderboard_hidden").execute();
  await sql`drop index question_quiz_idx`.execute(db);
  await db.schema.alterTable("question").dropColumn("quiz_ready").execute();
}
