import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import app code here.
// Search ranks a question's key points with its title, before its body (issue #33): the key
// points get their own column, and both search indexes weigh title, then key points and tags,
// then the body. The bank is imported again on the next start so that the new column is filled.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("question")
    .addColumn("key_points", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index question_search_idx`.execute(db);
    await sql`alter table question drop column search_vector`.execute(db);
    await sql`alter table question add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', key_points || ' ' || replace(tags, ',', ' ')), 'B') ||
      setweight(to_tsvector('english', search_text), 'C')
    ) stored`.execute(db);
    await sql`create index question_search_idx on question using gin (search_vector)`.execute(db);
  } else {
    await sql`drop table question_fts`.execute(db);
    await sql`create virtual table question_fts using fts5(id unindexed, title, key_points, tags, body, tokenize = 'porter unicode61')`.execute(
      db,
    );
    await sql`insert into question_fts (id, title, key_points, tags, body)
      select id, title, key_points, replace(tags, ',', ' '), search_text from question where status = 'published'`.execute(db);
  }
  // Unchanged files are skipped by the importer: forget their hashes and the bank's fingerprint.
  await sql`update question set source_hash = null where origin = 'bank'`.execute(db);
  await sql`delete from content_state where name = 'questions'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index question_search_idx`.execute(db);
    await sql`alter table question drop column search_vector`.execute(db);
    await sql`alter table question drop column key_points`.execute(db);
    await sql`alter table question add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', replace(tags, ',', ' ')), 'B') ||
      setweight(to_tsvector('english', search_text), 'C')
    ) stored`.execute(db);
    await sql`create index question_search_idx on question using gin (search_vector)`.execute(db);
    return;
  }
  await sql`drop table question_fts`.execute(db);
  await sql`create virtual table question_fts using fts5(id unindexed, title, tags, body, tokenize = 'porter unicode61')`.execute(db);
  await sql`insert into question_fts (id, title, tags, body)
    select id, title, replace(tags, ',', ' '), search_text from question where status = 'published'`.execute(db);
  await db.schema.alterTable("question").dropColumn("key_points").execute();
}
