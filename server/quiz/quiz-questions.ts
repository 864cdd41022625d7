import crypto from "node:crypto";
import { sql } from "kysely";
import type { QuizLevel, QuizPool, QuizReviewItem, QuizTechnology } from "../../app/features/quiz/quiz-types";
import { LEVELS, type Kind, type Level, type TechnologySlug, technologies } from "../../app/lib/technologies";
import type { QuestionContent } from "../questions/question-content";
import type { Services } from "../services";

/**
 * What practice quizzes and live rooms share (issue #12): the pool of questions that carry
 * options, drawing from it, and the two views of a question — while it is asked (no answer
 * in it) and once it is closed.
 */

/** A random id nobody can guess: 128 bits, base64url. */
export function randomId(): string {
  return crypto.randomBytes(16).toString("base64url");
}

/** Epoch milliseconds from a bigint column (pg returns bigints as strings). */
export function millis(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/** How many published questions with options each technology has, per level (one grouped count over an index). */
export async function quizPool(services: Services): Promise<QuizPool> {
  const rows = await services.database.db
    .selectFrom("question")
    .select(["technology", "level", sql<number>`count(*)`.as("n")])
    .where("status", "=", "published")
    .where("quiz_ready", "=", 1)
    .groupBy(["technology", "level"])
    .execute();
  const empty = () => ({ all: 0, beginner: 0, advance: 0, expert: 0 });
  const pool = Object.fromEntries([...technologies.map((t) => [t.slug, empty()]), ["mixed", empty()]]) as QuizPool;
  for (const row of rows) {
    const entry = pool[row.technology as TechnologySlug];
    if (!entry || !(LEVELS as readonly string[]).includes(row.level)) continue;
    const n = Number(row.n);
    entry[row.level as Level] += n;
    entry.all += n;
    pool.mixed[row.level as Level] += n;
    pool.mixed.all += n;
  }
  return pool;
}

/** Up to `count` random question ids from the pool of a technology (or all) and level (or all). */
export async function drawQuestions(services: Services, technology: QuizTechnology, level: QuizLevel, count: number): Promise<string[]> {
  let query = services.database.db.selectFrom("question").select("id").where("status", "=", "published").where("quiz_ready", "=", 1);
  if (technology !== "mixed") query = query.where("technology", "=", technology);
  if (level !== "all") query = query.where("level", "=", level);
  // random() is the same function on SQLite and PostgreSQL; the pool is at most a few hundred rows.
  const rows = await query
    .orderBy(sql`random()`)
    .limit(count)
    .execute();
  return rows.map((r) => r.id);
}

export interface QuizQuestionRow {
  id: string;
  technology: string;
  kind: Kind;
  level: Level;
  title: string;
  content: QuestionContent;
}

/** The questions by id, with their content parsed (one query). */
export async function loadQuizQuestions(services: Services, ids: string[]): Promise<Map<string, QuizQuestionRow>> {
  if (!ids.length) return new Map();
  const rows = await services.database.db
    .selectFrom("question")
    .select(["id", "technology", "kind", "level", "title", "content"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { ...r, content: JSON.parse(r.content) as QuestionContent }]));
}

/**
 * The order one attempt shows a question's options in (issue #33): `order[shown] = written`.
 * The bank's order never reaches a player, so no position habit (the right option first, say)
 * carries from one attempt to the next. Drawn from a hash of `seed` (an attempt's or a room's
 * id and the position), so the same attempt shows the same order on every reload.
 */
export function optionOrder(seed: string, count: number): number[] {
  const bytes = crypto.createHash("sha256").update(seed).digest();
  const order = Array.from({ length: count }, (_, i) => i);
  // Fisher–Yates; one byte per draw (a slight bias of at most 1 in 64 for four options).
  for (let i = count - 1; i > 0; i--) {
    const j = bytes[i % bytes.length]! % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Where the option written at `written` is shown (stored answers keep the bank's index). */
export function shownAt(order: number[], written: number | null): number | null {
  const shown = written === null ? -1 : order.indexOf(written);
  return shown < 0 ? null : shown;
}

/**
 * What a player sees while the question is asked, its options in the attempt's order. Built
 * field by field on purpose: the correct option, the output, the answer and the explanation
 * never leave the server here.
 */
export function askedView(row: QuizQuestionRow, order: number[]) {
  const { content } = row;
  return {
    technology: row.technology as TechnologySlug,
    kind: row.kind,
    level: row.level,
    title: row.title,
    promptHtml: content.promptHtml ?? content.statementHtml,
    code: content.code ? { lang: content.code.lang, html: content.code.html } : null,
    options: order.map((written) => content.options?.[written] ?? ""),
  };
}

/** The closed question with its answer, for the review: in the order the reader saw it (`chosenOption` as stored, the bank's index). */
export function reviewView(
  row: QuizQuestionRow,
  closed: Pick<QuizReviewItem, "position" | "chosenOption" | "outcome" | "ms">,
  order: number[],
): QuizReviewItem {
  return {
    ...closed,
    ...askedView(row, order),
    chosenOption: shownAt(order, closed.chosenOption),
    questionId: row.id,
    correctOption: shownAt(order, row.content.correctOption ?? 0) ?? 0,
    explanationHtml: row.content.explanationHtml,
    answerHtml: row.content.answerHtml,
  };
}
