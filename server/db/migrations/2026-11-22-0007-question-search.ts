import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import app code here.
// Full-text search over the question bank (issue #6): an FTS5 table on SQLite, kept by the
// importer; a generated, weighted tsvector with a GIN index on PostgreSQL.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table question add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', replace(tags, ',', ' ')), 'B') ||
      setweight(to_tsvector('english', search_text), 'C')
    ) stored`.execute(db);
    await sql`create index question_search_idx on question using gin (search_vector)`.execute(db);
    return;
  }
  await sql`create virtual table question_fts using fts5(id unindexed, title, tags, body, tokenize = 'porter unicode61')`.execute(db);
  await sql`insert into question_fts (id, title, tags, body) select id, title, replace(tags, ',', ' '), search_text from question where status = 'published'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index question_search_idx`.execute(db);
    await sql`alter table question drop column search_vector`.execute(db);
    return;
  }
  await sql`drop table question_fts`.execute(db);
}
