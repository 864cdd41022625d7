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
  /** The technology whose pages the search was made from: its matches come first. */
  prefer?: string;
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
  const candidates = dialect === "postgres" ? await candidatesPostgres(db, words, filter) : await candidatesSqlite(db, words, filter);
  const ids = rank(candidates, words, filter.prefer)
    .slice(offset, offset + SEARCH_LIMITS.pageSize)
    .map((c) => c.id);
  if (!ids.length) return [];
  const marked = dialect === "postgres" ? await markPostgres(db, words, ids) : await markSqlite(db, words, ids);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const marks = new Map(marked.map((m) => [m.id, m]));
  return ids.map((id) => {
    const { technology, kind, level } = byId.get(id)!;
    const m = marks.get(id);
    return { id, technology, kind, level, title: toMarked(m?.title ?? ""), snippet: toMarked(m?.snippet ?? "") };
  });
}

/** A question that matches, before ranking: where its words were found and how well. */
export interface Candidate {
  id: string;
  technology: string;
  kind: Kind;
  level: Level;
  title: string;
  /** 0: every word is in the title; 1: in the title, key points or tags; 2: only the body has some. */
  tier: number;
  /** The database's weighted relevance (title, then key points and tags, then body); higher is better. */
  score: number;
}

/** The most matches ranked: more than the pages a reader can reach. */
const CANDIDATES = SEARCH_LIMITS.pageSize * SEARCH_LIMITS.pages * 2;

/** A concept's own question is its theory, at the level where it is introduced. */
const KIND_WEIGHT: Record<Kind, number> = { theory: 1, console: 0.8, program: 0.8 };
const LEVEL_WEIGHT: Record<Level, number> = { beginner: 1, advance: 0.9, expert: 0.8 };

/** The title asks what the searched thing is: "What is a closure…" for "closure". */
export function definesWords(title: string, words: string[]): boolean {
  const subject =
    title
      .toLowerCase()
      .match(/^what (?:is|are) (?:an? |the )?([\p{L}\p{N} ]+)/u)?.[1]
      ?.split(" ") ?? [];
  return words.length > 0 && words.every((word, i) => subject[i]?.startsWith(word));
}

/**
 * The order of the results (issue #33), the same on both databases: the technology the reader
 * searched from first; then questions with every word in the title (a definition of the words
 * first), then in the title, key points or tags, then the rest; within those, the database's
 * weighted relevance, nudged toward theory and beginner questions; the id settles ties.
 */
export function rank(candidates: Candidate[], words: string[], prefer?: string): Candidate[] {
  const best = Math.max(...candidates.map((c) => c.score), Number.MIN_VALUE);
  const keyed = candidates.map((c) => ({
    c,
    tier: c.tier === 0 && definesWords(c.title, words) ? -1 : c.tier,
    weight: (c.score / best) * KIND_WEIGHT[c.kind] * LEVEL_WEIGHT[c.level],
  }));
  keyed.sort(
    (a, b) =>
      Number(b.c.technology === prefer) - Number(a.c.technology === prefer) ||
      a.tier - b.tier ||
      b.weight - a.weight ||
      (a.c.id < b.c.id ? -1 : a.c.id > b.c.id ? 1 : 0),
  );
  return keyed.map((k) => k.c);
}

interface Row {
  id: string;
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

/** FTS5 syntax: quoted words (letters and digits only) and a prefix star on the last. */
const ftsMatch = (words: string[]) => words.map((w, i) => `"${w}"${i === words.length - 1 ? "*" : ""}`).join(" ");
const BM25 = sql`bm25(question_fts, 0.0, 10.0, 5.0, 4.0, 1.0)`;

export async function candidatesSqlite(db: Kysely<Database>, words: string[], filter: SearchFilter) {
  const match = ftsMatch(words);
  const result = await sql<Candidate>`
    select q.id, q.technology, q.kind, q.level, q.title, -${BM25} as score,
      case
        when question_fts.rowid in (select rowid from question_fts where question_fts match ${`{title} : (${match})`}) then 0
        when question_fts.rowid in (select rowid from question_fts where question_fts match ${`{title key_points tags} : (${match})`}) then 1
        else 2
      end as tier
    from question_fts
    join question q on q.id = question_fts.id
    where question_fts match ${match} and q.status = 'published' ${sql.join(filters(filter), sql` `)}
    order by ${BM25}, q.id
    limit ${CANDIDATES}`.execute(db);
  return result.rows;
}

async function markSqlite(db: Kysely<Database>, words: string[], ids: string[]) {
  const result = await sql<Row>`
    select id, highlight(question_fts, 1, ${START}, ${STOP}) as title,
      snippet(question_fts, 4, ${START}, ${STOP}, '…', 24) as snippet
    from question_fts
    where question_fts match ${ftsMatch(words)} and id in (${sql.join(ids)})`.execute(db);
  return result.rows;
}

/** to_tsquery syntax: every word, the last as a prefix, optionally only in the given weights. */
const tsQuery = (words: string[], weights = "") =>
  words.map((w, i) => `${w}:${i === words.length - 1 ? "*" : ""}${weights}`.replace(/:$/, "")).join(" & ");

export async function candidatesPostgres(db: Kysely<Database>, words: string[], filter: SearchFilter) {
  const result = await sql<Candidate>`
    select q.id, q.technology, q.kind, q.level, q.title,
      ts_rank('{0, 0.1, 0.5, 1.0}', q.search_vector, query) as score,
      case
        when q.search_vector @@ to_tsquery('english', ${tsQuery(words, "A")}) then 0
        when q.search_vector @@ to_tsquery('english', ${tsQuery(words, "AB")}) then 1
        else 2
      end as tier
    from question q, to_tsquery('english', ${tsQuery(words)}) query
    where q.search_vector @@ query and q.status = 'published' ${sql.join(filters(filter), sql` `)}
    order by score desc, q.id
    limit ${CANDIDATES}`.execute(db);
  return result.rows.map((row) => ({ ...row, score: Number(row.score), tier: Number(row.tier) }));
}

async function markPostgres(db: Kysely<Database>, words: string[], ids: string[]) {
  const query = tsQuery(words);
  const result = await sql<Row>`
    select id,
      ts_headline('english', title, to_tsquery('english', ${query}), ${`StartSel=${START}, StopSel=${STOP}, HighlightAll=true`}) as title,
      ts_headline('english', search_text, to_tsquery('english', ${query}), ${`StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=1, FragmentDelimiter=…`}) as snippet
    from question where id in (${sql.join(ids)})`.execute(db);
  return result.rows;
}

/** SQLite keeps its FTS table in step with the bank; PostgreSQL's column is generated. */
export async function indexForSearch(
  db: Kysely<Database>,
  dialect: DatabaseHandle["dialect"],
  question: { id: string; title: string; key_points: string; tags: string; search_text: string } | { id: string; remove: true },
) {
  if (dialect !== "sqlite") return;
  await sql`delete from question_fts where id = ${question.id}`.execute(db);
  if ("remove" in question) return;
  await sql`insert into question_fts (id, title, key_points, tags, body)
    values (${question.id}, ${question.title}, ${question.key_points}, ${question.tags.replaceAll(",", " ")}, ${question.search_text})`.execute(
    db,
  );
}
