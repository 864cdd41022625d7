import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import app code here.
// The page cache (issue #14): one version number per kind of public content, raised by the
// database itself whenever that content changes, whoever changes it (an app process, the
// importer run from the command line, a second app process on the same PostgreSQL). Every
// process polls these few rows and drops the cached pages built from an older version.
// Blog posts count only when a published post is involved: drafts and the moderation queue
// are not on public pages.
const scopes = ["questions", "blog"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("content_version")
    .addColumn("scope", "varchar(32)", (col) => col.primaryKey())
    .addColumn("version", "integer", (col) => col.notNull())
    .execute();
  await db
    .insertInto("content_version")
    .values(scopes.map((scope) => ({ scope, version: 1 })))
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function bump_content_version() returns trigger language plpgsql as $$
      begin
        update content_version set version = version + 1 where scope = tg_argv[0];
        return null;
      end $$`.execute(db);
    await sql`create trigger question_content_version after insert or update or delete on question
      for each statement execute function bump_content_version('questions')`.execute(db);
    await sql`create trigger blog_post_content_version_insert after insert on blog_post
      for each row when (new.status = 'approved') execute function bump_content_version('blog')`.execute(db);
    await sql`create trigger blog_post_content_version_update after update on blog_post
      for each row when (old.status = 'approved' or new.status = 'approved') execute function bump_content_version('blog')`.execute(db);
    await sql`create trigger blog_post_content_version_delete after delete on blog_post
      for each row when (old.status = 'approved') execute function bump_content_version('blog')`.execute(db);
    return;
  }
  const bump = (scope: string) => sql.raw(`begin update content_version set version = version + 1 where scope = '${scope}'; end`);
  for (const event of ["insert", "update", "delete"]) {
    await sql`create trigger ${sql.raw(`question_content_version_${event}`)} after ${sql.raw(event)} on question ${bump("questions")}`.execute(
      db,
    );
  }
  await sql`create trigger blog_post_content_version_insert after insert on blog_post when new.status = 'approved' ${bump("blog")}`.execute(
    db,
  );
  await sql`create trigger blog_post_content_version_update after update on blog_post
    when old.status = 'approved' or new.status = 'approved' ${bump("blog")}`.execute(db);
  await sql`create trigger blog_post_content_version_delete after delete on blog_post when old.status = 'approved' ${bump("blog")}`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger question_content_version on question`.execute(db);
    for (const event of ["insert", "update", "delete"]) {
      await sql`drop trigger ${sql.raw(`blog_post_content_version_${event}`)} on blog_post`.execute(db);
    }
    await sql`drop function bump_content_version()`.execute(db);
  } else {
    for (const event of ["insert", "update", "delete"]) {
      await sql`drop trigger ${sql.raw(`question_content_version_${event}`)}`.execute(db);
      await sql`drop trigger ${sql.raw(`blog_post_content_version_${event}`)}`.execute(db);
    }
  }
  await db.schema.dropTable("content_version").execute();
}
