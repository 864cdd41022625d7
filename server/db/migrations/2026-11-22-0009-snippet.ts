import type { Kysely } from "kysely";

// Frozen in time: never import app code here.
// Code shared from the live compiler (issue #7): anyone may share; a signed-in author is recorded.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("snippet")
    .addColumn("id", "varchar(16)", (col) => col.primaryKey())
    .addColumn("language", "varchar(16)", (col) => col.notNull())
    .addColumn("code", "text", (col) => col.notNull())
    .addColumn("user_id", "varchar(64)", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("client_hash", "varchar(64)", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("snippet_user_idx").on("snippet").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("snippet").execute();
}
