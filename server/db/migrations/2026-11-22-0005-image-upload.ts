import type { Kysely } from "kysely";

// Frozen in time: never import app code here.
// Images uploaded for blog posts (issue #5). The file lives under DATA_DIR/uploads; the row
// says who uploaded it, so abuse can be traced and a user's files found.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("image_upload")
    .addColumn("name", "varchar(80)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(64)", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("original_format", "varchar(8)", (col) => col.notNull())
    .addColumn("bytes", "integer", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("image_upload_user_idx").on("image_upload").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("image_upload").execute();
}
