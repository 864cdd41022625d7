import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { keysIn } from "../../tests/support/json-keys";
import { createApp } from "../app";
import { importQuestions } from "../questions/question-import";
import type { QuestionContent } from "../questions/question-content";
import { weekStart } from "../quiz/quiz-service";

const bank = path.resolve(import.meta.dirname, "../../content/questions/javascript");

/** Keys that would give an answer away while a question is asked. */
const ANSWER_KEYS = ["correctOption", "answerHtml", "explanationHtml", "output", "outputPostgres", "solution", "questionId", "keyPoints"];

describe.each(testDialects())("quizzes on %s", (dialect: Dialect) => {
  let t: TestServices;
  let folder: string;
  let ada: string;
  let grace: string;
  beforeAll(async () => {
    t = await createTestServices(dialect);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-quiz-"));
    fs.cpSync(bank, path.join(folder, "javascript"), { recursive: true });
    await importQuestions(t.services, folder);
    const signUp = async (email: string, name: string) => {
      const r = await t.services.auth.api.signUpEmail({ body: { name, email, password: "analytical-engine" }, returnHeaders: true });
      return { cookie: r.headers.get("set-cookie")!.split(";")[0]!, id: r.response.user.id };
    };
    const a = await signUp(`ada-quiz-${dialect}@example.com`, "Ada");
    ada = a.cookie;
    grace = (await signUp(`grace-quiz-${dialect}@example.com`, "Grace")).cookie;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** Every body a test receives before answering, to check none gives an answer away. */
  let beforeAnswering: unknown[] = [];

  async function call(method: string, url: string, cookie?: string, body?: unknown) {
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    const response = await app.request(url, {
      method,
      // A browser's request: its cookie with the Origin it always sends on a write.
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": "203.0.113.9",
        ...(cookie ? { Cookie: cookie, Origin: t.services.config.baseUrl } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by tests
    return { status: response.status, body: (await response.json()) as any };
  }

  async function start(settings: Record<string, unknown>, cookie?: string) {
    const created = await call("POST", "/api/quizzes", cookie, settings);
    expect(created.status).toBe(201);
    beforeAnswering.push(created.body);
    return created.body.attempt.id as string;
  }

  async function ask(id: string, cookie?: string) {
    const r = await call("POST", `/api/quizzes/${id}/current`, cookie);
    expect(r.status).toBe(200);
    beforeAnswering.push(r.body);
    return r.body.question;
  }

  /**
   * The server's own record of the question at a position (the test plays a player who knows the
   * answers): where the right option is among the options as `shown` (each attempt shuffles them).
   */
  async function truth(attemptId: string, position: number, shown: string[]) {
    const slot = await t.services.database.db
      .selectFrom("quiz_attempt_question")
      .innerJoin("question", "question.id", "quiz_attempt_question.question_id")
      .select(["question.id", "question.content"])
      .where("attempt_id", "=", attemptId)
      .where("position", "=", position)
      .executeTakeFirstOrThrow();
    const content = JSON.parse(slot.content) as QuestionContent;
    const correct = shown.indexOf(content.options![content.correctOption!]!);
    expect(correct).toBeGreaterThanOrEqual(0);
    return { id: slot.id, correct, wrong: (correct + 1) % shown.length };
  }

  /** Where the bank wrote a question's right option. */
  async function writtenAt(questionId: string) {
    const row = await t.services.database.db
      .selectFrom("question")
      .select("content")
      .where("id", "=", questionId)
      .executeTakeFirstOrThrow();
    return (JSON.parse(row.content) as QuestionContent).correctOption!;
  }

  async function moveDeadline(attemptId: string, position: number, deadline: number) {
    await t.services.database.db
      .updateTable("quiz_attempt_question")
      .set({ deadline_ms: deadline })
      .where("attempt_id", "=", attemptId)
      .where("position", "=", position)
      .execute();
  }

  test("the pool counts the questions that have options", async () => {
    const { body } = await call("GET", "/api/quizzes/pool");
    expect(body.pool.javascript.all).toBeGreaterThanOrEqual(20);
    expect(body.pool.javascript.all).toBe(body.pool.javascript.beginner + body.pool.javascript.advance + body.pool.javascript.expert);
    expect(body.pool.mixed.all).toBe(body.pool.javascript.all);
    expect(body.pool.swift.all).toBe(0);
  });

  test("a visitor plays a whole quiz: the server scores it, and nothing gives an answer away before it is answered", async () => {
    beforeAnswering = [];
    const id = await start({ technology: "javascript", level: "all", questionCount: 10, secondsPerQuestion: 60 });
    const plan = ["correct", "correct", "wrong", "correct", "skip", "correct", "correct", "wrong", "correct", "correct"];
    const asked: string[][] = [];
    const sent: (number | null)[] = [];
    const rightShownAt: number[] = [];
    const rightWrittenAt: number[] = [];
    for (let position = 0; position < plan.length; position++) {
      const question = await ask(id);
      expect(question).toMatchObject({ position, total: 10, technology: "javascript", secondsPerQuestion: 60 });
      expect(question.options.length).toBeGreaterThanOrEqual(2);
      expect(question.remainingMs).toBeGreaterThan(55_000);
      // Asking again is the same question with the same deadline, not a new one.
      const again = await ask(id);
      expect(again.title).toBe(question.title);
      expect(again.options).toEqual(question.options);
      asked.push(question.options);
      expect(again.remainingMs).toBeLessThanOrEqual(question.remainingMs);
      // Mid-quiz, the attempt shows only what is closed.
      const midway = await call("GET", `/api/quizzes/${id}`);
      expect(midway.body.review.map((r: { position: number }) => r.position)).toEqual([...Array(position).keys()]);
      beforeAnswering.push({ ...midway.body, review: [] });
      const { correct, wrong, id: questionId } = await truth(id, position, question.options);
      expect(JSON.stringify(midway.body)).not.toContain(questionId);

      const option = plan[position] === "correct" ? correct : plan[position] === "wrong" ? wrong : null;
      sent.push(option);
      rightShownAt.push(correct);
      rightWrittenAt.push(await writtenAt(questionId));
      const answered = await call("POST", `/api/quizzes/${id}/answers`, undefined, { position, option });
      expect(answered.status).toBe(200);
      expect(answered.body.feedback).toMatchObject({
        position,
        outcome: plan[position] === "skip" ? "skipped" : plan[position],
        chosenOption: option,
        correctOption: correct,
        questionId,
        finished: position === 9,
      });
    }
    for (const body of beforeAnswering) {
      const leaked = ANSWER_KEYS.filter((key) => keysIn(body).has(key));
      expect(leaked, JSON.stringify(body).slice(0, 300)).toEqual([]);
    }

    const { body } = await call("GET", `/api/quizzes/${id}`);
    expect(body.attempt).toMatchObject({ status: "finished", correctCount: 7, score: 70, position: 10, questionCount: 10 });
    expect(body.attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(body.review).toHaveLength(10);
    expect(body.review.map((r: { outcome: string }) => r.outcome)).toEqual(plan.map((p) => (p === "skip" ? "skipped" : p)));
    expect(body.review[0].explanationHtml ?? body.review[0].answerHtml).toBeTruthy();
    // The review shows each question as the reader saw it: their order, their choice, the right one.
    expect(body.review.map((r: { options: string[] }) => r.options)).toEqual(asked);
    expect(body.review.map((r: { chosenOption: number | null }) => r.chosenOption)).toEqual(sent);
    expect(body.review.map((r: { correctOption: number }) => r.correctOption)).toEqual(rightShownAt);
    // Shuffled on the server: the right option is not always where the bank wrote it.
    expect(rightShownAt).not.toEqual(rightWrittenAt);

    expect((await call("POST", `/api/quizzes/${id}/current`)).status).toBe(409);
    expect((await call("POST", `/api/quizzes/${id}/answers`, undefined, { position: 9, option: 0 })).status).toBe(409);
  });

  test("an answer after the deadline is refused and scores nothing, even when it is right", async () => {
    const id = await start({ technology: "javascript", level: "beginner", questionCount: 10, secondsPerQuestion: 30 });
    const first = await truth(id, 0, (await ask(id)).options);
    await moveDeadline(id, 0, Date.now() - 1500);
    const late = await call("POST", `/api/quizzes/${id}/answers`, undefined, { position: 0, option: first.correct });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("deadline_passed");

    // Within the trip's grace an answer still counts.
    const next = await ask(id);
    expect(next.position).toBe(1);
    const second = await truth(id, 1, next.options);
    await moveDeadline(id, 1, Date.now() - 300);
    const inTime = await call("POST", `/api/quizzes/${id}/answers`, undefined, { position: 1, option: second.correct });
    expect(inTime.body.feedback).toMatchObject({ outcome: "correct", correctCount: 1 });

    // A question whose time ran out while nobody answered is closed when the player comes back.
    await ask(id);
    await moveDeadline(id, 2, Date.now() - 1100);
    expect((await ask(id)).position).toBe(3);

    const { body } = await call("GET", `/api/quizzes/${id}`);
    expect(body.review.map((r: { outcome: string }) => r.outcome)).toEqual(["late", "correct", "skipped"]);
    expect(body.attempt.correctCount).toBe(0); // counted when the quiz finishes
  });

  test("answers to another question, twice, or before it is shown change nothing", async () => {
    const id = await start({ technology: "javascript", level: "all", questionCount: 10, secondsPerQuestion: null });
    expect((await call("POST", `/api/quizzes/${id}/answers`, undefined, { position: 0, option: 0 })).status).toBe(409);
    const question = await ask(id);
    expect(question.remainingMs).toBeNull();
    expect((await call("POST", `/api/quizzes/${id}/answers`, undefined, { position: 3, option: 0 })).status).toBe(409);
    expect((await call("POST", `/api/quizzes/${id}/answers`, undefined, { position: 0, option: 0 })).status).toBe(200);
    const twice = await call("POST", `/api/quizzes/${id}/answers`, undefined, { position: 0, option: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("conflict");
    expect((await call("GET", `/api/quizzes/${id}`)).body.review).toHaveLength(1);
  });

  test("bad settings get a clear message; a technology without quiz questions is a 404", async () => {
    const bad = await call("POST", "/api/quizzes", undefined, {
      technology: "cobol",
      level: "all",
      questionCount: 10,
      secondsPerQuestion: 30,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("technology");
    expect(
      (await call("POST", "/api/quizzes", undefined, { technology: "javascript", level: "all", questionCount: 15, secondsPerQuestion: 30 }))
        .status,
    ).toBe(400);
    const none = await call("POST", "/api/quizzes", undefined, {
      technology: "swift",
      level: "all",
      questionCount: 10,
      secondsPerQuestion: 30,
    });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toContain("no quiz questions");
    expect((await call("GET", "/api/quizzes/nonexistent")).status).toBe(404);
  });

  test("a signed-in player's attempt is theirs alone and lands in their history", async () => {
    const id = await start({ technology: "javascript", level: "all", questionCount: 10, secondsPerQuestion: 60 }, ada);
    expect((await call("POST", `/api/quizzes/${id}/current`)).status).toBe(404);
    expect((await call("POST", `/api/quizzes/${id}/current`, grace)).status).toBe(404);
    expect((await call("GET", `/api/quizzes/${id}`, grace)).status).toBe(404);
    for (let position = 0; position < 10; position++) {
      const { correct } = await truth(id, position, (await ask(id, ada)).options);
      await call("POST", `/api/quizzes/${id}/answers`, ada, { position, option: position < 9 ? correct : null });
    }
    expect((await call("GET", "/api/quizzes/history")).status).toBe(401);
    const history = await call("GET", "/api/quizzes/history", ada);
    expect(history.body.attempts).toHaveLength(1);
    expect(history.body.attempts[0]).toMatchObject({ id, score: 90, technology: "javascript", status: "finished" });
    expect((await call("GET", "/api/quizzes/history", grace)).body.attempts).toEqual([]);
  });

  test("leaderboards rank each player's best timed quiz by score, then time per question, and leave out who opted out", async () => {
    const { db } = t.services.database;
    const users: Record<string, string> = {};
    for (const name of ["Lin", "Kay", "Max", "Zoe"]) {
      const r = await t.services.auth.api.signUpEmail({
        body: { name, email: `${name.toLowerCase()}-board-${dialect}@example.com`, password: "analytical-engine" },
      });
      users[name] = r.user.id;
    }
    const now = new Date();
    const thisWeek = new Date(Math.max(weekStart(now).getTime() + 60_000, now.getTime() - 60_000)).toISOString();
    const lastMonth = new Date(now.getTime() - 30 * 86_400_000).toISOString();
    let n = 0;
    const attempt = (user: string, score: number, count: number, durationMs: number, finishedAt: string, seconds: number | null = 30) =>
      db
        .insertInto("quiz_attempt")
        .values({
          id: `board-${dialect}-${n++}`,
          user_id: users[user]!,
          technology: "typescript",
          level: "all",
          question_count: count,
          seconds_per_question: seconds,
          position: count,
          correct_count: Math.round((score * count) / 100),
          score,
          duration_ms: durationMs,
          status: "finished",
          started_at: finishedAt,
          finished_at: finishedAt,
        })
        .execute();
    await attempt("Lin", 90, 10, 100_000, thisWeek); // 10 s a question
    await attempt("Lin", 60, 10, 50_000, thisWeek); // worse: only the best counts
    await attempt("Kay", 90, 20, 160_000, thisWeek); // 8 s a question: ahead of Lin
    await attempt("Max", 100, 10, 290_000, lastMonth); // all time only
    await attempt("Max", 50, 10, 40_000, thisWeek);
    await attempt("Zoe", 100, 10, 10_000, thisWeek, null); // untimed: not ranked

    const names = async (period: string, cookie?: string) =>
      (await call("GET", `/api/quizzes/leaderboard?technology=typescript&period=${period}`, cookie)).body.entries as {
        name: string;
        rank: number;
        score: number;
        you: boolean;
      }[];
    expect((await names("week")).map((e) => [e.rank, e.name, e.score])).toEqual([
      [1, "Kay", 90],
      [2, "Lin", 90],
      [3, "Max", 50],
    ]);
    expect((await names("all")).map((e) => e.name)).toEqual(["Max", "Kay", "Lin"]);
    expect(
      (await call("GET", "/api/quizzes/leaderboard?technology=javascript&period=all")).body.entries.map((e: { name: string }) => e.name),
    ).toEqual(["Ada"]);

    // Kay hides herself: her rows go, and the others move up.
    const kay = await t.services.auth.api.signInEmail({
      body: { email: `kay-board-${dialect}@example.com`, password: "analytical-engine" },
      returnHeaders: true,
    });
    const kayCookie = kay.headers.get("set-cookie")!.split(";")[0]!;
    expect((await call("GET", "/api/account/preferences", kayCookie)).body).toEqual({ showOnLeaderboards: true });
    expect((await call("PUT", "/api/account/preferences", kayCookie, { showOnLeaderboards: false })).body).toEqual({
      showOnLeaderboards: false,
    });
    expect((await names("week", kayCookie)).map((e) => [e.rank, e.name])).toEqual([
      [1, "Lin"],
      [2, "Max"],
    ]);
    expect((await call("PUT", "/api/account/preferences", undefined, { showOnLeaderboards: true })).status).toBe(401);
    expect((await call("PUT", "/api/account/preferences", kayCookie, { showOnLeaderboards: "yes" })).status).toBe(400);
    await call("PUT", "/api/account/preferences", kayCookie, { showOnLeaderboards: true });
    const back = await names("week", kayCookie);
    expect(back.map((e) => [e.name, e.you])).toEqual([
      ["Kay", true],
      ["Lin", false],
      ["Max", false],
    ]);
    expect((await call("GET", "/api/quizzes/leaderboard?technology=typescript&period=year")).status).toBe(400);
  });
});
