import { sql } from "kysely";
import { technologies, type TechnologySlug } from "../../app/lib/technologies";
import type { Services } from "../services";
import type { SessionUser } from "../users/user-service";

/**
 * A signed-in user's progress through the bank (issue #6): questions marked done or
 * bookmarked. Every read and write is for the user of the session; nobody reads another
 * user's marks.
 */

export interface Mark {
  done: boolean;
  bookmarked: boolean;
}

export type TechnologyProgress = Record<TechnologySlug, { done: number; total: number }>;

function toMarks(rows: { question_id: string; done_at: string | null; bookmarked_at: string | null }[]): Record<string, Mark> {
  return Object.fromEntries(rows.map((r) => [r.question_id, { done: Boolean(r.done_at), bookmarked: Boolean(r.bookmarked_at) }]));
}

/** The user's marks on the given questions (those without a mark are absent). */
export async function marksFor(services: Services, user: SessionUser, questionIds: string[]): Promise<Record<string, Mark>> {
  if (!questionIds.length) return {};
  const rows = await services.database.db
    .selectFrom("question_progress")
    .select(["question_id", "done_at", "bookmarked_at"])
    .where("user_id", "=", user.id)
    .where("question_id", "in", questionIds)
    .execute();
  return toMarks(rows);
}

/** How many published questions of one technology the user marked done (one indexed count). */
export async function doneInTechnology(services: Services, user: SessionUser, technology: string): Promise<number> {
  const row = await services.database.db
    .selectFrom("question_progress as p")
    .innerJoin("question as q", "q.id", "p.question_id")
    .select(sql<number>`count(*)`.as("n"))
    .where("p.user_id", "=", user.id)
    .where("p.done_at", "is not", null)
    .where("q.technology", "=", technology)
    .where("q.status", "=", "published")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Done against published totals, per technology: two grouped queries. */
export async function progressByTechnology(services: Services, user: SessionUser): Promise<TechnologyProgress> {
  const { db } = services.database;
  const [totals, done] = await Promise.all([
    db
      .selectFrom("question")
      .select(["technology", sql<number>`count(*)`.as("n")])
      .where("status", "=", "published")
      .groupBy("technology")
      .execute(),
    db
      .selectFrom("question_progress as p")
      .innerJoin("question as q", "q.id", "p.question_id")
      .select(["q.technology", sql<number>`count(*)`.as("n")])
      .where("p.user_id", "=", user.id)
      .where("p.done_at", "is not", null)
      .where("q.status", "=", "published")
      .groupBy("q.technology")
      .execute(),
  ]);
  const result = Object.fromEntries(technologies.map((t) => [t.slug, { done: 0, total: 0 }])) as TechnologyProgress;
  for (const row of totals) if (row.technology in result) result[row.technology as TechnologySlug].total = Number(row.n);
  for (const row of done) if (row.technology in result) result[row.technology as TechnologySlug].done = Number(row.n);
  return result;
}

export type SetMarkResult = { kind: "saved"; mark: Mark } | { kind: "no-question" };

/** Sets done and/or bookmarked on a published question; a question without marks keeps no row. */
export async function setMark(services: Services, user: SessionUser, questionId: string, change: Partial<Mark>): Promise<SetMarkResult> {
  const { db } = services.database;
  return db.transaction().execute(async (trx) => {
    const question = await trx
      .selectFrom("question")
      .select("id")
      .where("id", "=", questionId)
      .where("status", "=", "published")
      .executeTakeFirst();
    if (!question) return { kind: "no-question" as const };
    const now = new Date().toISOString();
    const current = await trx
      .selectFrom("question_progress")
      .select(["done_at", "bookmarked_at"])
      .where("user_id", "=", user.id)
      .where("question_id", "=", questionId)
      .executeTakeFirst();
    const stamp = (wanted: boolean | undefined, previous: string | null | undefined) =>
      wanted === undefined ? (previous ?? null) : wanted ? (previous ?? now) : null;
    const done_at = stamp(change.done, current?.done_at);
    const bookmarked_at = stamp(change.bookmarked, current?.bookmarked_at);
    if (!done_at && !bookmarked_at) {
      await trx.deleteFrom("question_progress").where("user_id", "=", user.id).where("question_id", "=", questionId).execute();
    } else {
      await trx
        .insertInto("question_progress")
        .values({ user_id: user.id, question_id: questionId, done_at, bookmarked_at, updated_at: now })
        .onConflict((oc) => oc.columns(["user_id", "question_id"]).doUpdateSet({ done_at, bookmarked_at, updated_at: now }))
        .execute();
    }
    return { kind: "saved" as const, mark: { done: Boolean(done_at), bookmarked: Boolean(bookmarked_at) } };
  });
}

/** The user's bookmarked, published questions, newest bookmark first. */
export async function listBookmarks(services: Services, user: SessionUser) {
  const rows = await services.database.db
    .selectFrom("question_progress as p")
    .innerJoin("question as q", "q.id", "p.question_id")
    .select(["q.id", "q.technology", "q.kind", "q.level", "q.title", "p.done_at", "p.bookmarked_at"])
    .where("p.user_id", "=", user.id)
    .where("p.bookmarked_at", "is not", null)
    .where("q.status", "=", "published")
    .orderBy("p.bookmarked_at", "desc")
    .orderBy("q.id")
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    technology: r.technology,
    kind: r.kind,
    level: r.level,
    title: r.title,
    done: Boolean(r.done_at),
    bookmarkedAt: r.bookmarked_at!,
  }));
}

/** Every mark the user has in one technology. */
export async function marksInTechnology(services: Services, user: SessionUser, technology: string): Promise<Record<string, Mark>> {
  const rows = await services.database.db
    .selectFrom("question_progress as p")
    .innerJoin("question as q", "q.id", "p.question_id")
    .select(["p.question_id", "p.done_at", "p.bookmarked_at"])
    .where("p.user_id", "=", user.id)
    .where("q.technology", "=", technology)
    .where("q.status", "=", "published")
    .execute();
  return toMarks(rows);
}

export const CHALLENGE_CODE_LIMIT = 100 * 1024;

/** The user's saved code for a challenge and when it was first solved. */
export async function challengeCode(services: Services, user: SessionUser, questionId: string) {
  const row = await services.database.db
    .selectFrom("challenge_code")
    .select(["code", "solved_at", "updated_at"])
    .where("user_id", "=", user.id)
    .where("question_id", "=", questionId)
    .executeTakeFirst();
  return row ? { code: row.code, solvedAt: row.solved_at, updatedAt: row.updated_at } : null;
}

export type SaveCodeResult = { kind: "saved"; solvedAt: string | null } | { kind: "no-challenge" } | { kind: "too-large" };

/**
 * Keeps the user's code for a challenge; `solved` (every test passed in the browser's
 * sandbox) stamps the first solve and marks the question done. It is the client's claim, taken
 * as such: it changes only the user's own record, so a false one fools only its sender (decision 017).
 */
export async function saveChallengeCode(
  services: Services,
  user: SessionUser,
  questionId: string,
  input: { code: string; solved?: boolean },
): Promise<SaveCodeResult> {
  if (Buffer.byteLength(input.code, "utf8") > CHALLENGE_CODE_LIMIT) return { kind: "too-large" };
  const { db } = services.database;
  const question = await db
    .selectFrom("question")
    .select("id")
    .where("id", "=", questionId)
    .where("kind", "=", "program")
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!question) return { kind: "no-challenge" };
  const now = new Date().toISOString();
  const previous = await challengeCode(services, user, questionId);
  const solvedAt = previous?.solvedAt ?? (input.solved ? now : null);
  await db
    .insertInto("challenge_code")
    .values({ user_id: user.id, question_id: questionId, code: input.code, solved_at: solvedAt, updated_at: now })
    .onConflict((oc) => oc.columns(["user_id", "question_id"]).doUpdateSet({ code: input.code, solved_at: solvedAt, updated_at: now }))
    .execute();
  if (input.solved) await setMark(services, user, questionId, { done: true });
  return { kind: "saved", solvedAt };
}
