import type { Kysely } from "kysely";

// Frozen in time: never import app code here (STYLE.md, kysely guidance).
// Rate-limit counters live in the database so that several app processes share them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limit")
    .addColumn("bucket", "varchar(255)", (col) => col.notNull())
    .addColumn("window_start", "bigint", (col) => col.notNull())
    .addColumn("hits", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("rate_limit_pk", ["bucket", "window_start"])
    .execute();
  await db.schema.createIndex("rate_limit_window_idx").on("rate_limit").column("window_start").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limit").execute();
}
