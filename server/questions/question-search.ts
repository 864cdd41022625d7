import { type Kysely, sql } from "kysely";
import { type Marked, SEARCH_LIMITS } from "../../app/lib/search";
import type { Kind, Level } from "../../app/lib/technologies";
import type { DatabaseHandle } from "../db/database";
import type { Database } from "../db/schema";
import type { Services } from "../services";

/**
 * Full-text search over titles, prompts, answers and tags (issue #6), the one place where
 * the two databases differ: SQLite's FTS5 (bm25 ranking, kept in step by the importer)
 * and PostgreSQL's weighted tsvector (a generated column). Both take the same query:
 * every word must match, the last one as a prefix, so results narrow as the user types.
 */

export { SEARCH_LIMITS };
export type { Marked };

export interface SearchHit {
  id: string;
  technology: string;
  kind: Kind;
  level: Level;
  title: Marked;
  snippet: Marked;
}

export interface SearchFilter {
  technology?: string;
  kind?: Kind;
  level?: Level;
}

const START = "\uE000";
const STOP = "\uE001";

/** The words of a query, letters and digits only: nothing reaches either search syntax unescaped. */
export function queryWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_LIMITS.words);
}

function toMarked(text: string): Marked {
  const parts: Marked = [];
  let rest = text;
  while (rest) {
    const start = rest.indexOf(START);
    if (start < 0) {
      parts.push([rest, false]);
      break;
    }
    if (start > 0) parts.push([rest.slice(0, start), false]);
    const stop = rest.indexOf(STOP, start);
    const end = stop < 0 ? rest.length : stop;
    parts.push([rest.slice(start + 1, end), true]);
    rest = stop < 0 ? "" : rest.slice(stop + 1);
  }
  return parts.filter(([text]) => text.length > 0);
}

export async function searchQuestions(services: Services, query: string, filter: SearchFilter = {}, page = 1): Promise<SearchHit[]> {
  const words = queryWords(query);
  if (!words.length) return [];
  const offset = (Math.min(Math.max(page, 1), SEARCH_LIMITS.pages) - 1) * SEARCH_LIMITS.pageSize;
  const { db, dialect } = services.database;
  const rows = dialect === "postgres" ? await searchPostgres(db, words, filter, offset) : await searchSqlite(db, words, filter, offset);
  return rows.map((row) => ({
    id: row.id,
    technology: row.technology,
    kind: row.kind,
    level: row.level,
    title: toMarked(row.title),
    snippet: toMarked(row.snippet),
  }));
}

interface Row {
  id: string;
  technology: string;
  kind: Kind;
  level: Level;
  title: string;
  snippet: string;
}

function filters(filter: SearchFilter) {
  return [
    filter.technology ? sql`and q.technology = ${filter.technology}` : sql``,
    filter.kind ? sql`and q.kind = ${filter.kind}` : sql``,
    filter.level ? sql`and q.level = ${filter.level}` : sql``,
  ];
}

async function searchSqlite(db: Kysely<Database>, words: string[], filter: SearchFilter, offset: number) {
  // FTS5 syntax: quoted words (letters and digits only) and a prefix star on the last.
  const match = words.map((w, i) => `"${w}"${i === words.length - 1 ? "*" : ""}`).join(" ");
  const result = await sql<Row>`
    select q.id, q.technology, q.kind, q.level,
      highlight(question_fts, 1, ${START}, ${STOP}) as title,
      snippet(question_fts, 3, ${START}, ${STOP}, '…', 24) as snippet
    from question_fts
    join question q on q.id = question_fts.id
    where question_fts match ${match} and q.status = 'published' ${sql.join(filters(filter), sql` `)}
    order by bm25(question_fts, 0.0, 10.0, 4.0, 1.0), q.id
    limit ${SEARCH_LIMITS.pageSize} offset ${offset}`.execute(db);
  return result.rows;
}

async function searchPostgres(db: Kysely<Database>, words: string[], filter: SearchFilter, offset: number) {
  const tsquery = words.map((w, i) => `${w}${i === words.length - 1 ? ":*" : ""}`).join(" & ");
  const options = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`;
  const result = await sql<Row>`
    with hits as (
      select q.id, q.technology, q.kind, q.level, q.title, q.search_text, ts_rank(q.search_vector, query) as rank
      from question q, to_tsquery('english', ${tsquery}) query
      where q.search_vector @@ query and q.status = 'published' ${sql.join(filters(filter), sql` `)}
      order by rank desc, q.id
      limit ${SEARCH_LIMITS.pageSize} offset ${offset}
    )
    select id, technology, kind, level,
      ts_headline('english', title, to_tsquery('english', ${tsquery}), ${options}) as title,
      ts_headline('english', search_text, to_tsquery('english', ${tsquery}), ${`StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=1, FragmentDelimiter=…`}) as snippet
    from hits
    order by rank desc, id`.execute(db);
  return result.rows;
}

/** SQLite keeps its FTS table in step with the bank; PostgreSQL's column is generated. */
export async function indexForSearch(
  db: Kysely<Database>,
  dialect: DatabaseHandle["dialect"],
  question: { id: string; title: string; tags: string; search_text: string } | { id: string; remove: true },
) {
  if (dialect !== "sqlite") return;
  await sql`delete from question_fts where id = ${question.id}`.execute(db);
  if ("remove" in question) return;
  await sql`insert into question_fts (id, title, tags, body) values (${question.id}, ${question.title}, ${question.tags.replaceAll(",", " ")}, ${question.search_text})`.execute(
    db,
  );
}
