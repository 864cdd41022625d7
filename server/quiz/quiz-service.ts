import { sql } from "kysely";
import type {
  LeaderboardEntry,
  LeaderboardPeriod,
  QuizAttemptDetail,
  QuizAttemptSummary,
  QuizFeedback,
  QuizOutcome,
  QuizQuestion,
  QuizSettings,
  QuizTechnology,
} from "../../app/features/quiz/quiz-types";
import type { QuizAttemptQuestionTable, QuizAttemptTable } from "../db/schema";
import { consume } from "../rate-limit/rate-limiter";
import type { Services } from "../services";
import type { SessionUser } from "../users/user-service";
import {
  type QuizQuestionRow,
  askedView,
  drawQuestions,
  loadQuizQuestions,
  millis,
  optionOrder,
  randomId,
  reviewView,
  shownAt,
} from "./quiz-questions";

/**
 * Practice quizzes (issue #12). The server owns every decision: which questions, when each
 * was shown, its deadline, whether an answer counts. An attempt's id is a 128-bit random
 * capability; a signed-in user's attempt answers only to that user's session.
 */

/** Time allowed for an answer's trip to the server after its deadline. */
export const DEADLINE_GRACE_MS = 1000;
const ANONYMOUS_KEPT_MS = 24 * 60 * 60 * 1000;

type AttemptRow = QuizAttemptTable;
type SlotRow = QuizAttemptQuestionTable;

export function toSummary(row: AttemptRow): QuizAttemptSummary {
  return {
    id: row.id,
    technology: row.technology as QuizTechnology,
    level: row.level as QuizSettings["level"],
    questionCount: row.question_count,
    secondsPerQuestion: row.seconds_per_question,
    status: row.status,
    position: row.position,
    correctCount: row.correct_count,
    score: row.score,
    durationMs: Number(row.duration_ms),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export type CreateAttemptResult =
  { kind: "created"; attempt: QuizAttemptSummary } | { kind: "no-questions" } | { kind: "rate-limited"; retryAfterSeconds: number };

/** Quizzes one client may start (the API and the set-up page's form count together). */
export const QUIZ_START_RATE = { limit: 60, windowMs: 10 * 60_000 };

/** Draws the questions and stores the attempt; no question is shown (or timed) yet. */
export async function createAttempt(
  services: Services,
  user: SessionUser | null,
  settings: QuizSettings,
  clientHash: string,
): Promise<CreateAttemptResult> {
  const { db } = services.database;
  const rate = await consume(db, `quiz:${clientHash}`, QUIZ_START_RATE);
  if (!rate.allowed) return { kind: "rate-limited", retryAfterSeconds: rate.retryAfterSeconds };
  const ids = await drawQuestions(services, settings.technology, settings.level, settings.questionCount);
  if (!ids.length) return { kind: "no-questions" };
  const row: AttemptRow = {
    id: randomId(),
    user_id: user?.id ?? null,
    technology: settings.technology,
    level: settings.level,
    question_count: ids.length,
    seconds_per_question: settings.secondsPerQuestion,
    position: 0,
    correct_count: 0,
    score: 0,
    duration_ms: 0,
    status: "active",
    started_at: new Date().toISOString(),
    finished_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("quiz_attempt").values(row).execute();
    await trx
      .insertInto("quiz_attempt_question")
      .values(ids.map((question_id, position) => ({ attempt_id: row.id, position, question_id })))
      .execute();
  });
  // Visitors' attempts only exist to be scored; sweep old ones now and then, not on a timer.
  if (Math.random() < 0.05)
    await db
      .deleteFrom("quiz_attempt")
      .where("user_id", "is", null)
      .where("started_at", "<", new Date(Date.now() - ANONYMOUS_KEPT_MS).toISOString())
      .execute();
  return { kind: "created", attempt: toSummary(row) };
}

/** The attempt, if it exists and the caller may use it (a signed-in user's attempt is theirs alone). */
export async function findAttempt(services: Services, id: string, user: SessionUser | null): Promise<AttemptRow | null> {
  const row = await services.database.db.selectFrom("quiz_attempt").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || (row.user_id !== null && row.user_id !== user?.id)) return null;
  return row;
}

async function slotAt(services: Services, attemptId: string, position: number): Promise<SlotRow | undefined> {
  return services.database.db
    .selectFrom("quiz_attempt_question")
    .selectAll()
    .where("attempt_id", "=", attemptId)
    .where("position", "=", position)
    .executeTakeFirst();
}

/** Past the deadline and the answer's grace: too late to count. */
function expired(slot: SlotRow, now: number): boolean {
  const deadline = millis(slot.deadline_ms);
  return deadline !== null && now > deadline + DEADLINE_GRACE_MS;
}

/**
 * Closes the question at `position` with an outcome and moves the attempt on; finishing
 * the attempt when it was the last. Conditional updates make a double submit (two tabs,
 * a retry) close it once: the loser gets false.
 */
async function closeQuestion(
  services: Services,
  attempt: AttemptRow,
  position: number,
  outcome: QuizOutcome,
  chosenOption: number | null,
  now: number,
): Promise<boolean> {
  const { db } = services.database;
  return db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable("quiz_attempt_question")
      .set({ outcome, chosen_option: chosenOption, answered_ms: now })
      .where("attempt_id", "=", attempt.id)
      .where("position", "=", position)
      .where("outcome", "is", null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return false;
    const next = position + 1;
    if (next < attempt.question_count) {
      await trx.updateTable("quiz_attempt").set({ position: next }).where("id", "=", attempt.id).where("position", "=", position).execute();
      return true;
    }
    const slots = await trx.selectFrom("quiz_attempt_question").selectAll().where("attempt_id", "=", attempt.id).execute();
    const correct = slots.filter((s) => s.outcome === "correct").length;
    const duration = slots.reduce((sum, s) => sum + timeOn(s, attempt.seconds_per_question), 0);
    await trx
      .updateTable("quiz_attempt")
      .set({
        position: next,
        status: "finished",
        correct_count: correct,
        score: Math.round((100 * correct) / attempt.question_count),
        duration_ms: duration,
        finished_at: new Date(now).toISOString(),
      })
      .where("id", "=", attempt.id)
      .where("position", "=", position)
      .execute();
    return true;
  });
}

/** The order the attempt shows the question at `position` in. */
const attemptOrder = (attemptId: string, position: number, row: QuizQuestionRow) =>
  optionOrder(`quiz:${attemptId}:${position}`, row.content.options?.length ?? 0);

/** Time spent on a question: from being shown to its answer, never more than its time limit. */
function timeOn(slot: SlotRow, seconds: number | null): number {
  const served = millis(slot.served_ms);
  const answered = millis(slot.answered_ms);
  if (served === null || answered === null) return 0;
  const spent = Math.max(0, answered - served);
  return seconds === null ? spent : Math.min(spent, seconds * 1000);
}

export type CurrentResult = { kind: "question"; question: QuizQuestion } | { kind: "finished" };

/**
 * The question being asked, shown now if it was not yet (its deadline starts here).
 * Asking again returns the same question with the same deadline; a question whose time
 * ran out while nobody answered is closed as skipped first.
 */
export async function currentQuestion(services: Services, attemptId: string, user: SessionUser | null, now = Date.now()) {
  for (;;) {
    const attempt = await findAttempt(services, attemptId, user);
    if (!attempt) return null;
    if (attempt.status === "finished") return { kind: "finished" } as CurrentResult;
    const slot = await slotAt(services, attempt.id, attempt.position);
    if (!slot) return { kind: "finished" } as CurrentResult;
    if (slot.served_ms !== null && expired(slot, now)) {
      await closeQuestion(services, attempt, slot.position, "skipped", null, now);
      continue;
    }
    let served = millis(slot.served_ms);
    let deadline = millis(slot.deadline_ms);
    if (served === null) {
      served = now;
      deadline = attempt.seconds_per_question === null ? null : now + attempt.seconds_per_question * 1000;
      await services.database.db
        .updateTable("quiz_attempt_question")
        .set({ served_ms: served, deadline_ms: deadline })
        .where("attempt_id", "=", attempt.id)
        .where("position", "=", slot.position)
        .where("served_ms", "is", null)
        .execute();
      // A concurrent request may have served it first: read what was stored.
      const stored = await slotAt(services, attempt.id, slot.position);
      served = millis(stored!.served_ms);
      deadline = millis(stored!.deadline_ms);
    }
    const row = (await loadQuizQuestions(services, [slot.question_id])).get(slot.question_id);
    if (!row) return null;
    const question: QuizQuestion = {
      position: slot.position,
      total: attempt.question_count,
      ...askedView(row, attemptOrder(attempt.id, slot.position, row)),
      remainingMs: deadline === null ? null : Math.max(0, deadline - now),
      secondsPerQuestion: attempt.seconds_per_question,
    };
    return { kind: "question", question } as CurrentResult;
  }
}

export type AnswerResult =
  | { kind: "answered"; feedback: QuizFeedback }
  | { kind: "not-found" }
  | { kind: "finished" }
  | { kind: "not-current"; position: number }
  | { kind: "not-shown" }
  | { kind: "late" };

/**
 * Scores an answer to the question at `position`; `option: null` gives it up (the
 * browser sends this when its countdown ends). An answer that arrives after the deadline
 * (plus the trip's grace) is refused and the question is closed as late: it scores nothing.
 */
export async function answerQuestion(
  services: Services,
  attemptId: string,
  user: SessionUser | null,
  input: { position: number; option: number | null },
  now = Date.now(),
): Promise<AnswerResult> {
  const attempt = await findAttempt(services, attemptId, user);
  if (!attempt) return { kind: "not-found" };
  if (attempt.status === "finished") return { kind: "finished" };
  if (input.position !== attempt.position) return { kind: "not-current", position: attempt.position };
  const slot = await slotAt(services, attempt.id, input.position);
  if (!slot) return { kind: "not-found" };
  if (slot.served_ms === null) return { kind: "not-shown" };
  const row = (await loadQuizQuestions(services, [slot.question_id])).get(slot.question_id);
  if (!row) return { kind: "not-found" };

  // The reader picked the option shown at `input.option`; stored as the bank's index.
  const order = attemptOrder(attempt.id, input.position, row);
  // (One past the options, which no page offers, stays as it came: wrong.)
  const chosen = input.option === null ? null : (order[input.option] ?? input.option);
  let outcome: QuizOutcome;
  if (input.option !== null && expired(slot, now)) outcome = "late";
  else if (chosen === null) outcome = "skipped";
  else outcome = chosen === row.content.correctOption ? "correct" : "wrong";
  if (!(await closeQuestion(services, attempt, input.position, outcome, chosen, now))) {
    return { kind: "not-current", position: input.position + 1 };
  }
  if (outcome === "late") return { kind: "late" };
  const after = await findAttempt(services, attempt.id, user);
  return {
    kind: "answered",
    feedback: {
      position: input.position,
      outcome,
      chosenOption: shownAt(order, chosen),
      correctOption: shownAt(order, row.content.correctOption ?? 0) ?? 0,
      questionId: row.id,
      explanationHtml: row.content.explanationHtml,
      finished: after?.status === "finished",
      correctCount: after?.status === "finished" ? after.correct_count : await correctSoFar(services, attempt.id),
    },
  };
}

async function correctSoFar(services: Services, attemptId: string): Promise<number> {
  const row = await services.database.db
    .selectFrom("quiz_attempt_question")
    .select(sql<number>`count(*)`.as("n"))
    .where("attempt_id", "=", attemptId)
    .where("outcome", "=", "correct")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The attempt and the review of every question already closed (all of them once finished). */
export async function attemptDetail(services: Services, attempt: AttemptRow): Promise<QuizAttemptDetail> {
  const slots = await services.database.db
    .selectFrom("quiz_attempt_question")
    .selectAll()
    .where("attempt_id", "=", attempt.id)
    .where("outcome", "is not", null)
    .orderBy("position")
    .execute();
  const rows = await loadQuizQuestions(
    services,
    slots.map((s) => s.question_id),
  );
  const review = slots.flatMap((slot) => {
    const row = rows.get(slot.question_id);
    if (!row) return [];
    return [
      reviewView(
        row,
        {
          position: slot.position,
          chosenOption: slot.chosen_option,
          outcome: slot.outcome!,
          ms: timeOn(slot, attempt.seconds_per_question),
        },
        attemptOrder(attempt.id, slot.position, row),
      ),
    ];
  });
  return { attempt: toSummary(attempt), review };
}

/** A signed-in user's finished attempts, newest first. */
export async function quizHistory(services: Services, user: SessionUser, limit = 200): Promise<QuizAttemptSummary[]> {
  const rows = await services.database.db
    .selectFrom("quiz_attempt")
    .selectAll()
    .where("user_id", "=", user.id)
    .where("status", "=", "finished")
    .orderBy("finished_at", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** Monday 00:00 UTC of the week `now` falls in: weekly boards start then. */
export function weekStart(now = new Date()): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  return start;
}

export const LEADERBOARD_SIZE = 50;

/**
 * Each player's best timed attempt in a technology (or the mixed quizzes), ranked by score,
 * then by time per question (so 10- and 20-question quizzes compare), then by who got there
 * first. Only signed-in users who have not hidden themselves; untimed attempts do not count.
 */
export async function leaderboard(
  services: Services,
  technology: QuizTechnology,
  period: LeaderboardPeriod,
  reader: SessionUser | null,
  now = new Date(),
): Promise<LeaderboardEntry[]> {
  const since = period === "week" ? weekStart(now).toISOString() : "";
  const { rows } = await sql<{
    user_id: string;
    name: string;
    score: number;
    question_count: number;
    duration_ms: number | string;
    finished_at: string;
  }>`
    select user_id, name, score, question_count, duration_ms, finished_at from (
      select a.user_id, u.name, a.score, a.question_count, a.duration_ms, a.finished_at,
        row_number() over (
          partition by a.user_id
          order by a.score desc, a.duration_ms * 1.0 / a.question_count asc, a.finished_at asc
        ) as best
      from quiz_attempt a
      join "user" u on u.id = a.user_id
      where a.technology = ${technology}
        and a.status = 'finished'
        and a.finished_at >= ${since}
        and a.seconds_per_question is not null
        and u.quiz_leaderboard_hidden = 0
    ) ranked
    where best = 1
    order by score desc, duration_ms * 1.0 / question_count asc, finished_at asc
    limit ${LEADERBOARD_SIZE}
  `.execute(services.database.db);
  return rows.map((r, i) => ({
    rank: i + 1,
    name: r.name,
    score: r.score,
    questionCount: r.question_count,
    durationMs: Number(r.duration_ms),
    finishedAt: r.finished_at,
    you: r.user_id === reader?.id,
  }));
}

export async function leaderboardVisibility(services: Services, user: SessionUser): Promise<boolean> {
  const row = await services.database.db.selectFrom("user").select("quiz_leaderboard_hidden").where("id", "=", user.id).executeTakeFirst();
  return !row?.quiz_leaderboard_hidden;
}

export async function setLeaderboardVisibility(services: Services, user: SessionUser, visible: boolean): Promise<void> {
  await services.database.db
    .updateTable("user")
    .set({ quiz_leaderboard_hidden: visible ? 0 : 1 })
    .where("id", "=", user.id)
    .execute();
}
