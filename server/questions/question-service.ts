import { sql } from "kysely";
import { KINDS, type Kind, LEVELS, type Level, type TechnologySlug, questionPath, technologies } from "../../app/lib/technologies";
import { decodeKeyset, encodeKeyset } from "../db/keyset";
import { readContentVersion } from "../http/content-versions";
import type { SitemapEntry } from "../seo/sitemap";
import type { Services } from "../services";
import type { QuestionContent } from "./question-content";

/**
 * Reading the question bank (issue #6): counts, lists of one technology, kind and level
 * in a stable order (keyset on sort_key, id), and single questions with their
 * neighbours. Only published questions exist for readers.
 */

export type Counts = Record<Kind, Record<Level, number>> & { total: number };

export interface QuestionSummary {
  id: string;
  technology: string;
  kind: Kind;
  level: Level;
  title: string;
  tags: string[];
}

export interface Question extends QuestionSummary, QuestionContent {}

export const LIST_PAGE_SIZE = 100;

const emptyCounts = (): Counts => ({
  theory: { beginner: 0, advance: 0, expert: 0 },
  console: { beginner: 0, advance: 0, expert: 0 },
  program: { beginner: 0, advance: 0, expert: 0 },
  total: 0,
});

/**
 * The counts as last computed, with the question bank's content version they were computed
 * at (triggers raise it on every change to a question, whoever makes it: migration 0013).
 */
const countsMemo = new WeakMap<Services, { version: number; counts: Record<TechnologySlug, Counts> }>();

/**
 * Published questions per technology, kind and level. Every list page and the home page
 * show them; the grouped query runs again only when the bank's version has moved, and one
 * single-row read tells (the result is shared: callers read it, never change it).
 */
export async function countQuestions(services: Services): Promise<Readonly<Record<TechnologySlug, Counts>>> {
  const version = await readContentVersion(services.database.db, "questions");
  const memo = countsMemo.get(services);
  if (version !== null && memo?.version === version) return memo.counts;
  const counts = await groupedCounts(services);
  if (version !== null) countsMemo.set(services, { version, counts });
  return counts;
}

async function groupedCounts(services: Services): Promise<Record<TechnologySlug, Counts>> {
  const rows = await services.database.db
    .selectFrom("question")
    .select(["technology", "kind", "level", sql<number>`count(*)`.as("n")])
    .where("status", "=", "published")
    .groupBy(["technology", "kind", "level"])
    .execute();
  const counts = Object.fromEntries(technologies.map((t) => [t.slug, emptyCounts()])) as Record<TechnologySlug, Counts>;
  for (const row of rows) {
    const entry = counts[row.technology as TechnologySlug];
    if (!entry || !(KINDS as readonly string[]).includes(row.kind) || !(LEVELS as readonly string[]).includes(row.level)) continue;
    entry[row.kind][row.level] += Number(row.n);
    entry.total += Number(row.n);
  }
  return counts;
}

type Row = { id: string; technology: string; kind: Kind; level: Level; title: string; tags: string; content: string; sort_key: string };

function toQuestion(row: Row): Question {
  return { ...summary(row), ...(JSON.parse(row.content) as QuestionContent) };
}

function summary(row: Omit<Row, "content" | "sort_key">): QuestionSummary {
  return { id: row.id, technology: row.technology, kind: row.kind, level: row.level, title: row.title, tags: row.tags.split(",") };
}

export interface ListCursor {
  sortKey: string;
  id: string;
}

export function encodeListCursor(cursor: ListCursor): string {
  return encodeKeyset([cursor.sortKey, cursor.id]);
}

export function decodeListCursor(value: string | null | undefined): ListCursor | null {
  const parts = decodeKeyset(value, ["string", "string"]);
  return parts ? { sortKey: parts[0]!, id: parts[1]! } : null;
}

export interface ListFilter {
  technology: string;
  kind?: Kind;
  level?: Level;
  tag?: string;
}

/** One keyset page of a list, with each question's rendered content only when it is wanted. */
async function listPage(services: Services, filter: ListFilter, after: ListCursor | null, limit: number, withContent: boolean) {
  let query = services.database.db
    .selectFrom("question")
    .select(["id", "technology", "kind", "level", "title", "tags", "sort_key"])
    .$if(withContent, (qb) => qb.select("content"))
    .where("technology", "=", filter.technology)
    .where("status", "=", "published");
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  if (filter.level) query = query.where("level", "=", filter.level);
  if (filter.tag) {
    const tag = filter.tag;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("question_tag")
          .select("question_tag.question_id")
          .whereRef("question_tag.question_id", "=", "question.id")
          .where("question_tag.tag", "=", tag),
      ),
    );
  }
  if (after) query = query.where(sql<boolean>`(sort_key, id) > (${after.sortKey}, ${after.id})`);
  const rows = await query
    .orderBy("sort_key")
    .orderBy("id")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeListCursor({ sortKey: last.sort_key, id: last.id }) : null };
}

/**
 * Questions of a technology (optionally one kind, level and tag), in list order, with
 * their content, so a list page can reveal answers in place. The list page always passes
 * kind and level, which the (technology, kind, level, status, sort_key, id) index answers.
 */
export async function listQuestions(services: Services, filter: ListFilter, after: ListCursor | null = null, limit = LIST_PAGE_SIZE) {
  const page = await listPage(services, filter, after, limit, true);
  return { questions: page.rows.map((row) => toQuestion(row as Row)), nextCursor: page.nextCursor };
}

/** The same list as summaries (the API's list): no content is read or parsed. */
export async function listQuestionSummaries(
  services: Services,
  filter: ListFilter,
  after: ListCursor | null = null,
  limit = LIST_PAGE_SIZE,
) {
  const page = await listPage(services, filter, after, limit, false);
  return { questions: page.rows.map(summary), nextCursor: page.nextCursor };
}

export interface QuestionWithNeighbours {
  question: Question;
  previous: QuestionSummary | null;
  next: QuestionSummary | null;
  related: QuestionSummary[];
}

/** A published question of this technology, the ones before and after it in its list, and some sharing a tag. */
export async function findQuestion(services: Services, technology: string, id: string): Promise<QuestionWithNeighbours | null> {
  const { db } = services.database;
  const row = await db
    .selectFrom("question")
    .select(["id", "technology", "kind", "level", "title", "tags", "content", "sort_key"])
    .where("id", "=", id)
    .where("technology", "=", technology)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!row) return null;
  const sameList = () =>
    db
      .selectFrom("question")
      .select(["id", "technology", "kind", "level", "title", "tags"])
      .where("technology", "=", row.technology)
      .where("kind", "=", row.kind)
      .where("level", "=", row.level)
      .where("status", "=", "published");
  const [previous, next, related] = await Promise.all([
    sameList()
      .where(sql<boolean>`(sort_key, id) < (${row.sort_key}, ${row.id})`)
      .orderBy("sort_key", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    sameList()
      .where(sql<boolean>`(sort_key, id) > (${row.sort_key}, ${row.id})`)
      .orderBy("sort_key")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("question_tag as mine")
      .innerJoin("question_tag as theirs", (join) =>
        join.onRef("theirs.tag", "=", "mine.tag").onRef("theirs.question_id", "!=", "mine.question_id"),
      )
      .innerJoin("question", "question.id", "theirs.question_id")
      .select(["question.id", "question.technology", "question.kind", "question.level", "question.title", "question.tags"])
      .select(sql<number>`count(*)`.as("shared"))
      .where("mine.question_id", "=", row.id)
      .where("question.status", "=", "published")
      .where("question.technology", "=", row.technology)
      .groupBy(["question.id", "question.technology", "question.kind", "question.level", "question.title", "question.tags"])
      .orderBy("shared", "desc")
      .orderBy("question.id")
      .limit(5)
      .execute(),
  ]);
  return {
    question: toQuestion(row),
    previous: previous ? summary(previous) : null,
    next: next ? summary(next) : null,
    related: related.map(summary),
  };
}

/** sitemap.xml: every technology's list, each kind and level view that has questions, and every question. */
export async function questionSitemapEntries(services: Services): Promise<SitemapEntry[]> {
  const [counts, rows] = await Promise.all([
    countQuestions(services),
    services.database.db
      .selectFrom("question")
      .select(["id", "technology", "updated_at"])
      .where("status", "=", "published")
      .orderBy("technology")
      .orderBy("id")
      .execute(),
  ]);
  const lists = technologies.flatMap(({ slug }) => {
    const base = `/${slug}-questions`;
    // The list's first view (its first kind with questions, beginner) is the bare address itself.
    const first = KINDS.find((kind) => LEVELS.some((level) => counts[slug][kind][level] > 0));
    const views = KINDS.flatMap((kind) =>
      LEVELS.filter((level) => counts[slug][kind][level] > 0 && !(kind === first && level === "beginner")).map((level) => ({
        path: `${base}?kind=${kind}&level=${level}`,
        priority: 0.6,
      })),
    );
    return [{ path: base, changefreq: "weekly" as const, priority: 0.8 }, ...views];
  });
  const pages = rows.map((r) => ({ path: questionPath(r), lastmod: r.updated_at.slice(0, 10), priority: 0.7 }));
  return [...lists, ...pages];
}

/** The content of a published question of this technology and kind, parsed; null when there is none. */
async function publishedContent(services: Services, technology: string, id: string, kind: Kind): Promise<QuestionContent | null> {
  const row = await services.database.db
    .selectFrom("question")
    .select("content")
    .where("id", "=", id)
    .where("technology", "=", technology)
    .where("kind", "=", kind)
    .where("status", "=", "published")
    .executeTakeFirst();
  return row ? (JSON.parse(row.content) as QuestionContent) : null;
}

/** A published challenge's tests (the type check compiles a candidate's code against them). */
export async function challengeTests(services: Services, technology: string, id: string): Promise<{ lang: string; source: string } | null> {
  return (await publishedContent(services, technology, id, "program"))?.tests ?? null;
}

/** A published console question's options and which is right (checking a reader's pick on its page). */
export async function consoleOptions(
  services: Services,
  technology: string,
  id: string,
): Promise<{ options: string[]; correctOption: number } | null> {
  const content = await publishedContent(services, technology, id, "console");
  return content?.options && content.correctOption !== null ? { options: content.options, correctOption: content.correctOption } : null;
}
