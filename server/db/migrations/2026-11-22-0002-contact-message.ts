import type { Kysely } from "kysely";

// Frozen in time: never import app code here.
// Messages from the contact form, kept for the team to read and answer (issue #3).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contact_message")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("name", "varchar(200)", (col) => col.notNull())
    .addColumn("email", "varchar(320)", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("client_hash", "varchar(64)", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("handled_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("contact_message_created_idx").on("contact_message").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_message").execute();
}
