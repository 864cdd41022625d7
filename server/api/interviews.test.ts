import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type FakeLlmServer, startFakeLlmServer } from "../../tests/support/fake-llm-server";
import { keysIn } from "../../tests/support/json-keys";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { interviewMessages } from "./interviews";
import { adaptLevel } from "../interview/interview-questions";
import { htmlToText } from "../interview/text";
import { importQuestions } from "../questions/question-import";
import type { QuestionContent } from "../questions/question-content";

const bank = path.resolve(import.meta.dirname, "../../content/questions");

/** Keys that would give an answer away while a question is asked. */
const ANSWER_KEYS = ["keyPoints", "modelAnswerHtml", "answerHtml", "explanationHtml", "output", "solution", "questionId", "score"];

describe.each(testDialects())("interviews on %s", (dialect: Dialect) => {
  let t: TestServices;
  let folder: string;
  let ada: string;
  let grace: string;
  beforeAll(async () => {
    t = await createTestServices(dialect);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-interview-"));
    for (const technology of ["javascript", "css", "typescript"])
      fs.cpSync(path.join(bank, technology), path.join(folder, technology), { recursive: true });
    await importQuestions(t.services, folder);
    const signUp = async (email: string) => {
      const r = await t.services.auth.api.signUpEmail({ body: { name: "Ada", email, password: "analytical-engine" }, returnHeaders: true });
      return r.headers.get("set-cookie")!.split(";")[0]!;
    };
    ada = await signUp(`ada-interview-${dialect}@example.com`);
    grace = await signUp(`grace-interview-${dialect}@example.com`);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  async function call(method: string, url: string, cookie?: string, body?: unknown, accept = "application/json") {
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    const response = await app.request(url, {
      method,
      // A browser's request: its cookie with the Origin it always sends on a write.
      headers: {
        "Content-Type": "application/json",
        Accept: accept,
        ...(cookie ? { Cookie: cookie, Origin: t.services.config.baseUrl } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = accept.includes("json") && !accept.includes("ndjson");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by tests
    const parsed: any = json ? JSON.parse(text) : null;
    return { status: response.status, type: response.headers.get("content-type") ?? "", text, body: parsed };
  }

  /** The server's own record of the question at a position (the test plays a candidate who knows the bank). */
  async function truth(id: string, position: number) {
    const row = await t.services.database.db
      .selectFrom("interview_turn")
      .innerJoin("question", "question.id", "interview_turn.question_id")
      .select(["question.id", "question.content", "question.level"])
      .where("session_id", "=", id)
      .where("position", "=", position)
      .executeTakeFirstOrThrow();
    const content = JSON.parse(row.content) as QuestionContent;
    return {
      id: row.id,
      level: row.level,
      content,
      answer: [htmlToText(content.answerHtml), htmlToText(content.explanationHtml)].join("\n\n"),
    };
  }

  test("only signed-in users have interviews", async () => {
    expect((await call("POST", "/api/interviews", undefined, { track: "javascript", level: "beginner", questionCount: 5 })).status).toBe(
      401,
    );
    expect((await call("GET", "/api/interviews")).status).toBe(401);
  });

  test("bad settings are refused with a clear message and start nothing", async () => {
    for (const settings of [
      { track: "cobol", level: "beginner", questionCount: 5 },
      { track: "javascript", level: "guru", questionCount: 5 },
      { track: "javascript", level: "beginner", questionCount: 11 },
    ]) {
      const r = await call("POST", "/api/interviews", ada, settings);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("invalid_request");
    }
    expect((await call("GET", "/api/interviews", ada)).body.interviews).toEqual([]);
  });

  test("a whole interview: theory, a console question, the coding task, a follow-up, a hint, then the report", async () => {
    const beforeAnswering: unknown[] = [];
    const created = await call("POST", "/api/interviews", ada, { track: "javascript", level: "beginner", questionCount: 5 });
    expect(created.status).toBe(201);
    const id = created.body.interview.id as string;
    beforeAnswering.push(created.body);
    expect(created.body.current).toMatchObject({ position: 0, total: 5, kind: "theory", stage: "answer", hints: [], hintsLeft: 2 });

    // Question 1 (theory): a weak answer gets one follow-up on a key point it missed; the follow-up's answer completes it.
    const first = await truth(id, 0);
    const weak = await call("POST", `/api/interviews/${id}/answers`, ada, {
      position: 0,
      answer: "I'm not sure, something about JavaScript.",
    });
    expect(weak.status).toBe(200);
    expect(weak.body.current).toMatchObject({ position: 0, stage: "follow-up" });
    expect(weak.body.current.followUp).toMatch(/^Before we move on/);
    beforeAnswering.push(weak.body);
    // A reload resumes at the follow-up.
    const resumed = await call("GET", `/api/interviews/${id}`, ada);
    expect(resumed.body.state.current).toMatchObject({ position: 0, stage: "follow-up", followUp: weak.body.current.followUp });
    expect(resumed.body.report).toBeNull();
    beforeAnswering.push(resumed.body);
    const followed = await call("POST", `/api/interviews/${id}/answers`, ada, { position: 0, answer: first.answer });
    expect(followed.body.current).toMatchObject({ position: 1, kind: "console", stage: "answer" });
    beforeAnswering.push(followed.body);

    // Question 2 (console): the output, then why. A hint first, which costs 10 points.
    const hinted = await call("POST", `/api/interviews/${id}/hints`, ada, { position: 1 });
    expect(hinted.status).toBe(200);
    expect(hinted.body.state.current.hints).toHaveLength(1);
    expect(hinted.body.state.current.hints[0]).toMatch(/^Think about /);
    expect(hinted.body.state.current.hintsLeft).toBe(1);
    beforeAnswering.push(hinted.body);
    const second = await truth(id, 1);
    const consoleAnswer = `${second.content.output}\n\n${htmlToText(second.content.explanationHtml)}`;
    const stale = await call("POST", `/api/interviews/${id}/answers`, ada, { position: 0, answer: "again" });
    expect(stale.status).toBe(409);
    let step = await call("POST", `/api/interviews/${id}/answers`, ada, { position: 1, answer: consoleAnswer });
    if (step.body.current.stage === "follow-up")
      step = await call("POST", `/api/interviews/${id}/answers`, ada, { position: 1, answer: "" });
    expect(step.body.current).toMatchObject({ position: 2, kind: "theory" });
    beforeAnswering.push(step.body);

    // Question 3 (theory): passes with an empty answer (no follow-up for nothing).
    step = await call("POST", `/api/interviews/${id}/answers`, ada, { position: 2, answer: "" });
    expect(step.body.current).toMatchObject({ position: 3, kind: "program" });
    expect(step.body.current.material.challenge.starter.length).toBeGreaterThan(0);
    beforeAnswering.push(step.body);

    // Question 4 (the coding task): the browser ran the tests; 3 of 4 passed.
    expect((await call("POST", `/api/interviews/${id}/answers`, ada, { position: 3, answer: "words" })).status).toBe(400);
    expect(
      (await call("POST", `/api/interviews/${id}/answers`, ada, { position: 3, code: "x", testsPassed: 5, testsTotal: 4 })).status,
    ).toBe(400);
    step = await call("POST", `/api/interviews/${id}/answers`, ada, {
      position: 3,
      code: "function f() {}",
      testsPassed: 3,
      testsTotal: 4,
    });
    expect(step.body.current).toMatchObject({ position: 4, kind: "theory" });
    beforeAnswering.push(step.body);

    // Nothing the candidate received before answering gives an answer away, nor does it grade earlier answers.
    for (const body of beforeAnswering) {
      const leaked = ANSWER_KEYS.filter((key) => keysIn(body, { skipNull: true }).has(key));
      expect(leaked, JSON.stringify(body).slice(0, 300)).toEqual([]);
    }
    // Not even the question ids (their pages have the answers), the coding task's included.
    const asked = await t.services.database.db.selectFrom("interview_turn").select("question_id").where("session_id", "=", id).execute();
    for (const { question_id } of asked) expect(JSON.stringify(beforeAnswering)).not.toContain(question_id);

    // Question 5 (theory): the bank's own answer, which needs no follow-up.
    const fifth = await truth(id, 4);
    step = await call("POST", `/api/interviews/${id}/answers`, ada, { position: 4, answer: fifth.answer });
    if (step.body.current?.stage === "follow-up")
      step = await call("POST", `/api/interviews/${id}/answers`, ada, { position: 4, answer: "" });
    expect(step.body.current).toBeNull();
    expect(step.body.interview.status).toBe("finished");

    const { body } = await call("GET", `/api/interviews/${id}`, ada);
    const { report } = body;
    expect(report.turns.map((turn: { kind: string }) => turn.kind)).toEqual(["theory", "console", "theory", "program", "theory"]);
    const [t1, t2, t3, t4, t5] = report.turns;
    expect(t1.followUp).toBe(weak.body.current.followUp);
    expect(t1.followUpAnswer).toBe(first.answer);
    expect(t1.score).toBeGreaterThan(20);
    // The level adapts to how the candidate is doing: the console question came at the level the first answer earned.
    expect(followed.body.current.level).toBe(adaptLevel("beginner", t1.score));
    expect(adaptLevel("beginner", 80)).toBe("advance");
    expect(adaptLevel("advance", 30)).toBe("beginner");
    expect(adaptLevel("expert", 90)).toBe("expert");
    // Every covered key point quotes the candidate's own words.
    const said = `${t1.answer} ${t1.followUpAnswer}`.replace(/\s+/g, " ");
    for (const point of t1.keyPoints.filter((k: { covered: boolean }) => k.covered))
      expect(said).toContain(point.evidence.replace(/…$/, ""));
    expect(t2.output).toMatchObject({ matchedLines: t2.output.totalLines });
    expect(t2.hints).toBe(1);
    expect(t2.score).toBeLessThanOrEqual(90);
    expect(t3.score).toBe(0);
    expect(t4).toMatchObject({ tests: { passed: 3, total: 4 }, score: 75, gradedBy: "tests" });
    expect(t4.modelAnswerHtml).toContain("<");
    expect(t5.score).toBeGreaterThan(20);
    const mean = Math.round(report.turns.reduce((sum: number, turn: { score: number }) => sum + turn.score, 0) / 5);
    expect(body.state.interview).toMatchObject({ status: "finished", score: mean, questionCount: 5 });
    expect(report.topics[0]).toMatchObject({ technology: "javascript", name: "JavaScript", score: mean });
    expect(report.topics[0].gaps.length).toBeGreaterThan(0);
    // What to study next: every question answered under 70, in the interview's order, each followed by a related one.
    const weakUrls = report.turns.filter((turn: { score: number }) => turn.score < 70).map((turn: { url: string }) => turn.url);
    expect(weakUrls).toContain(t3.url);
    expect(report.studyNext.map((s: { url: string }) => s.url).filter((url: string) => weakUrls.includes(url))).toEqual(weakUrls);
    expect(report.studyNext.length).toBeGreaterThan(weakUrls.length);

    // Finished: no more answers; and the history lists it.
    expect((await call("POST", `/api/interviews/${id}/answers`, ada, { position: 4, answer: "x" })).status).toBe(409);
    const history = await call("GET", "/api/interviews", ada);
    expect(history.body.interviews[0]).toMatchObject({ id, status: "finished", score: mean, trackName: "JavaScript" });
  });

  test("a hint on a closed question, or an answer that lost a race with a hint, changes nothing", async () => {
    const created = await call("POST", "/api/interviews", ada, { track: "css", level: "beginner", questionCount: 5 });
    const id = created.body.interview.id as string;
    await call("POST", `/api/interviews/${id}/answers`, ada, { position: 0, answer: "" });
    const late = await call("POST", `/api/interviews/${id}/hints`, ada, { position: 0 });
    expect(late.status).toBe(409);
    const closed = await t.services.database.db
      .selectFrom("interview_turn")
      .select(["hints", "score"])
      .where("session_id", "=", id)
      .where("position", "=", 0)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({ hints: 0, score: 0 });
    // Only the TypeScript coding task being asked can be type-checked through the interview.
    expect((await call("POST", `/api/interviews/${id}/typecheck`, ada, { position: 1, code: "const x = 1;" })).status).toBe(404);
  });

  test("a TypeScript coding task is type-checked through the interview, without naming its question", async () => {
    const created = await call("POST", "/api/interviews", ada, { track: "typescript", level: "beginner", questionCount: 5 });
    const id = created.body.interview.id as string;
    for (const position of [0, 1, 2]) {
      const step = await call("POST", `/api/interviews/${id}/answers`, ada, { position, answer: "" });
      expect(step.status).toBe(200);
    }
    const task = await truth(id, 3);
    expect(task.content.tests!.lang).toBe("ts");
    const good = await call("POST", `/api/interviews/${id}/typecheck`, ada, { position: 3, code: task.content.solution!.source });
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ codeErrors: [], testErrors: [], otherErrors: [] });
    const bad = await call("POST", `/api/interviews/${id}/typecheck`, ada, { position: 3, code: "const n: number = 'one';" });
    expect(bad.body.codeErrors.length).toBeGreaterThan(0);
    const other = await call("POST", `/api/interviews/${id}/typecheck`, grace, { position: 3, code: "x" });
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(interviewMessages.notFound);
  });

  test("an interview whose last answer was graded but did not move on (the process stopped) moves on when next read", async () => {
    const created = await call("POST", "/api/interviews", ada, { track: "css", level: "beginner", questionCount: 5 });
    const id = created.body.interview.id as string;
    // As if the process stopped between closing the turn and moving the interview on.
    await t.services.database.db
      .updateTable("interview_turn")
      .set({ stage: "done", answer: "", score: 0, grade: JSON.stringify({ grade: null, output: null }) })
      .where("session_id", "=", id)
      .where("position", "=", 0)
      .execute();
    const read = await call("GET", `/api/interviews/${id}`, ada);
    expect(read.body.state.current).toMatchObject({ position: 1, stage: "answer" });
    expect((await call("POST", `/api/interviews/${id}/answers`, ada, { position: 1, answer: "" })).status).toBe(200);
  });

  test("an interview is its owner's alone", async () => {
    const created = await call("POST", "/api/interviews", ada, { track: "frontend", level: "advance", questionCount: 5 });
    const id = created.body.interview.id;
    expect(created.body.interview.trackName).toBe("Front-end: JavaScript + React + CSS");
    expect((await call("GET", `/api/interviews/${id}`, grace)).status).toBe(404);
    expect((await call("POST", `/api/interviews/${id}/answers`, grace, { position: 0, answer: "mine now" })).status).toBe(404);
    expect((await call("POST", `/api/interviews/${id}/hints`, grace, { position: 0 })).status).toBe(404);
    expect((await call("GET", "/api/interviews", grace)).body.interviews).toEqual([]);
  });

  /**
   * Plays a five-question interview to the end: a hint on the first question, the bank's own
   * answers, a pass on the third (theory) question, half the coding task's tests; follow-ups passed.
   */
  async function finishInterview(cookie: string): Promise<string> {
    const created = await call("POST", "/api/interviews", cookie, { track: "javascript", level: "beginner", questionCount: 5 });
    const id = created.body.interview.id as string;
    expect((await call("POST", `/api/interviews/${id}/hints`, cookie, { position: 0 })).status).toBe(200);
    let current = created.body.current;
    while (current) {
      const { position, kind, stage } = current as { position: number; kind: string; stage: string };
      const known = await truth(id, position);
      const body =
        kind === "program"
          ? { position, code: "function f() {}", testsPassed: 1, testsTotal: 2 }
          : stage === "follow-up" || position === 2
            ? { position, answer: "" }
            : kind === "console"
              ? { position, answer: `${known.content.output}\n\n${htmlToText(known.content.explanationHtml)}` }
              : { position, answer: known.answer };
      const step = await call("POST", `/api/interviews/${id}/answers`, cookie, body);
      expect(step.status).toBe(200);
      current = step.body.current;
    }
    return id;
  }

  interface CheckTurn {
    position: number;
    kind: string;
    score: number;
    engineScore: number;
    hints: number;
    selfCheck: boolean;
    output: { matchedLines: number; totalLines: number } | null;
    keyPoints: { text: string; status: string; covered: boolean; evidence: string | null; checked: boolean | null }[];
  }

  /** The interview's turns and scores as stored, to show that a refused check changed nothing. */
  async function stored(id: string) {
    const { db } = t.services.database;
    return {
      session: await db.selectFrom("interview_session").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
      turns: await db.selectFrom("interview_turn").selectAll().where("session_id", "=", id).orderBy("position").execute(),
    };
  }

  test("the self-check makes the reader's ticks the final scores, and the report shows both", async () => {
    const id = await finishInterview(ada);
    const before = (await call("GET", `/api/interviews/${id}`, ada)).body.report;
    // Provisional until checked; who graded each answer is named, and each key point has its status.
    expect(before.interview).toMatchObject({ selfCheckedAt: null, graders: [{ engine: "built-in", model: null }] });
    expect(before.interview.engineScore).toBe(before.interview.score);
    const turns = before.turns as CheckTurn[];
    expect(turns.map((turn) => turn.selfCheck)).toEqual([true, true, false, false, true]);
    for (const turn of turns.filter((x) => x.kind !== "program")) {
      expect(turn).toMatchObject({ gradedBy: "built-in", grader: { engine: "built-in", model: null } });
      for (const point of turn.keyPoints) {
        expect(["covered", "missing", "contradicted"]).toContain(point.status);
        expect(point.covered).toBe(point.status === "covered");
        if (point.status === "missing") expect(point.evidence).toBeNull();
        expect(point.checked).toBeNull();
      }
    }
    expect(turns[3]).toMatchObject({ gradedBy: "tests", grader: null, keyPoints: [] });

    // The reader unticks every key point of the first answer and ticks every one of the others.
    const ticks = (turn: CheckTurn) => turn.keyPoints.map(() => turn.position !== 0);
    const checkable = turns.filter((turn) => turn.selfCheck);
    const confirmed = await call("POST", `/api/interviews/${id}/self-check`, ada, {
      turns: checkable.map((turn) => ({ position: turn.position, ticks: ticks(turn) })),
    });
    expect(confirmed.status).toBe(200);
    const after = confirmed.body.report.turns as CheckTurn[];
    const expected = turns.map((turn) => {
      if (!turn.selfCheck) return turn.score;
      const share = turn.position === 0 ? 0 : 100;
      const raw =
        turn.kind === "console"
          ? Math.round(100 * (0.7 * (turn.output!.matchedLines / turn.output!.totalLines) + 0.3 * (share / 100)))
          : share;
      return Math.max(0, raw - 10 * turn.hints);
    });
    expect(turns[0]!.hints).toBe(1);
    expect(after.map((turn) => turn.score)).toEqual(expected);
    expect(after.map((turn) => turn.engineScore)).toEqual(turns.map((turn) => turn.score));
    expect(after[0]!.keyPoints.map((k) => k.checked)).toEqual(turns[0]!.keyPoints.map(() => false));
    expect(after[4]!.keyPoints.every((k) => k.checked === true)).toBe(true);
    const mean = Math.round(expected.reduce((sum, score) => sum + score, 0) / expected.length);
    expect(confirmed.body.report.interview).toMatchObject({ score: mean, engineScore: before.interview.score });
    expect(confirmed.body.report.interview.selfCheckedAt).toEqual(expect.any(String));

    // The report and the history say the same when read again.
    const read = await call("GET", `/api/interviews/${id}`, ada);
    expect(read.body.report.turns.map((turn: CheckTurn) => turn.score)).toEqual(expected);
    expect(read.body.state.interview).toMatchObject({ score: mean, engineScore: before.interview.score });
    const listed = (await call("GET", "/api/interviews", ada)).body.interviews.find((i: { id: string }) => i.id === id);
    expect(listed).toMatchObject({ score: mean, engineScore: before.interview.score, graders: [{ engine: "built-in" }] });
    // The first answer's key points, all unticked, are the topic's gaps now.
    expect(read.body.report.topics[0].gaps).toEqual(expect.arrayContaining(after[0]!.keyPoints.map((k) => k.text)));

    // Once per interview: a second confirm is refused and changes nothing.
    const again = await call("POST", `/api/interviews/${id}/self-check`, ada, {
      turns: checkable.map((turn) => ({ position: turn.position, ticks: turn.keyPoints.map(() => true) })),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(interviewMessages.selfChecked);
    expect((await call("GET", `/api/interviews/${id}`, ada)).body.report.turns.map((turn: CheckTurn) => turn.score)).toEqual(expected);
  });

  test("a self-check with the wrong answers or ticks, by another user, or of an unfinished interview is refused and changes nothing", async () => {
    const id = await finishInterview(ada);
    const { report } = (await call("GET", `/api/interviews/${id}`, ada)).body;
    const checkable = (report.turns as CheckTurn[]).filter((turn) => turn.selfCheck);
    const good = checkable.map((turn) => ({ position: turn.position, ticks: turn.keyPoints.map(() => true) }));
    const unchanged = await stored(id);

    const refusals: [unknown, string][] = [
      // One tick short on the first answer.
      [
        { turns: good.map((g, i) => (i === 0 ? { ...g, ticks: g.ticks.slice(1) } : g)) },
        `Answer 1 has ${good[0]!.ticks.length} key points: send one tick for each.`,
      ],
      // An answer of the check left out.
      [{ turns: good.slice(1) }, "Answer 1 is missing: send your ticks for every answer in the check."],
      // The coding task and the passed question are not in the check; nor is an answer sent twice.
      [{ turns: [...good, { position: 3, ticks: [true] }] }, "Answer 4 is not part of the check, or was sent twice."],
      [{ turns: [...good, { position: 2, ticks: [true] }] }, "Answer 3 is not part of the check, or was sent twice."],
      [{ turns: [...good, good[0]] }, "Answer 1 is not part of the check, or was sent twice."],
    ];
    for (const [body, message] of refusals) {
      const r = await call("POST", `/api/interviews/${id}/self-check`, ada, body);
      expect(r.status, message).toBe(400);
      expect(r.body.error).toEqual({ code: "invalid_request", message });
    }
    const malformed = await call("POST", `/api/interviews/${id}/self-check`, ada, { turns: [{ position: 0, ticks: ["yes"] }] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_request");

    // Another user is told there is no such interview, as for every other interview endpoint.
    const other = await call("POST", `/api/interviews/${id}/self-check`, grace, { turns: good });
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(interviewMessages.notFound);
    expect(await stored(id)).toEqual(unchanged);
    expect((await call("GET", `/api/interviews/${id}`, ada)).body.report.interview.selfCheckedAt).toBeNull();

    // An interview still running has no check yet.
    const running = await call("POST", "/api/interviews", ada, { track: "css", level: "beginner", questionCount: 5 });
    const early = await call("POST", `/api/interviews/${running.body.interview.id}/self-check`, ada, { turns: [] });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(interviewMessages.notFinished);

    // The good check still goes through afterwards.
    expect((await call("POST", `/api/interviews/${id}/self-check`, ada, { turns: good })).status).toBe(200);
  });

  test("grades stored before key points had a status read as covered or not found; an unsure grade says so", async () => {
    const id = await finishInterview(ada);
    const turn = await t.services.database.db
      .selectFrom("interview_turn")
      .select("grade")
      .where("session_id", "=", id)
      .where("position", "=", 0)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(turn.grade!);
    const old = stored.grade.keyPoints.map((k: { covered: boolean }, i: number) => ({
      index: i,
      text: `Point ${i}`,
      covered: i === 0,
      strength: i === 0 ? 0.9 : 0.3,
      evidence: "some words",
    }));
    // As issue #13 stored it: no status, no confidence, no model; and an unsure grade next to it.
    const rewrite = async (position: number, grade: object) =>
      t.services.database.db
        .updateTable("interview_turn")
        .set({ grade: JSON.stringify({ ...stored, grade }) })
        .where("session_id", "=", id)
        .where("position", "=", position)
        .execute();
    await rewrite(0, { score: 50, keyPoints: old, feedback: null, gradedBy: "built-in" });
    await rewrite(4, { ...stored.grade, gradedBy: "llm", model: "llama3.1:8b", confidence: "low" });
    const { report } = (await call("GET", `/api/interviews/${id}`, ada)).body;
    expect(report.turns[0].keyPoints.map((k: { status: string; evidence: string | null }) => [k.status, k.evidence])).toEqual(
      old.map((_: unknown, i: number) => (i === 0 ? ["covered", "some words"] : ["missing", null])),
    );
    expect(report.turns[0]).toMatchObject({ confidence: "high", grader: { engine: "built-in", model: null } });
    expect(report.turns[4]).toMatchObject({ confidence: "low", grader: { engine: "llm", model: "llama3.1:8b" }, gradedBy: "llm" });
  });

  test("the interviewer's words stream as NDJSON, with the outcome last", async () => {
    const r = await call("POST", "/api/interviews", ada, { track: "css", level: "beginner", questionCount: 5 }, "application/x-ndjson");
    expect(r.status).toBe(200);
    expect(r.type).toContain("application/x-ndjson");
    const lines = r.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const result = lines.at(-1);
    expect(result).toMatchObject({ type: "result", status: 201 });
    const spoken = lines
      .filter((l) => l.type === "text")
      .map((l) => l.text)
      .join("");
    expect(spoken).toBe(result.body.current.asked);
  });
});

describe("an interview run by a language model (a fake OpenAI-compatible server)", () => {
  let t: TestServices;
  let llm: FakeLlmServer;
  let folder: string;
  let cookie: string;
  beforeAll(async () => {
    llm = await startFakeLlmServer();
    t = await createTestServices("sqlite", { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model", LLM_TIMEOUT_MS: "300" });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-interview-llm-"));
    fs.cpSync(path.join(bank, "css"), path.join(folder, "css"), { recursive: true });
    await importQuestions(t.services, folder);
    const r = await t.services.auth.api.signUpEmail({
      body: { name: "Lin", email: "lin-llm@example.com", password: "analytical-engine" },
      returnHeaders: true,
    });
    cookie = r.headers.get("set-cookie")!.split(";")[0]!;
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  async function post(url: string, body: unknown) {
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    const response = await app.request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/x-ndjson", Cookie: cookie, Origin: t.services.config.baseUrl },
      body: JSON.stringify(body),
    });
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    return { texts: lines.filter((l) => l.type === "text").map((l) => l.text as string), result: lines.at(-1) };
  }

  test("a grade by the model names it in the report and the history", async () => {
    llm.behave({ text: "Tell me about the box model." });
    const created = await post("/api/interviews", { track: "css", level: "beginner", questionCount: 5 });
    const id = created.result.body.interview.id as string;
    const question = await t.services.database.db
      .selectFrom("interview_turn")
      .innerJoin("question", "question.id", "interview_turn.question_id")
      .select("question.content")
      .where("session_id", "=", id)
      .where("position", "=", 0)
      .executeTakeFirstOrThrow();
    const count = (JSON.parse(question.content) as QuestionContent).keyPoints.length;
    llm.behave((request) =>
      request.body.stream
        ? { text: "Next." }
        : {
            json: {
              keyPoints: Array.from({ length: count }, (_, i) => ({ index: i + 1, covered: false, evidence: null })),
              feedback: "Say more.",
            },
          },
    );
    // The first question answered (the model grades it, with its follow-up passed), the others passed.
    let current = created.result.body.current;
    while (current) {
      const { position, kind, stage } = current as { position: number; kind: string; stage: string };
      const body =
        kind === "program"
          ? { position, code: "x", testsPassed: 0, testsTotal: 1 }
          : { position, answer: position === 0 && stage === "answer" ? "Content, padding, border and margin." : "" };
      current = (await post(`/api/interviews/${id}/answers`, body)).result.body.current;
    }
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    const read = async (url: string) => (await app.request(url, { headers: { Cookie: cookie } })).json();
    const { report } = await read(`/api/interviews/${id}`);
    expect(report.turns[0]).toMatchObject({ gradedBy: "llm", grader: { engine: "llm", model: "fake-model" } });
    // Passes were graded by nobody: the model is the interview's only grader.
    expect(report.interview.graders).toEqual([{ engine: "llm", model: "fake-model" }]);
    const { interviews } = await read("/api/interviews");
    expect(interviews.find((i: { id: string }) => i.id === id).graders).toEqual([{ engine: "llm", model: "fake-model" }]);
  });

  test("the model's words stream through the API; when it times out grading, the built-in grader scores and the interview goes on", async () => {
    llm.behave({ text: ["Let's start ", "with the box ", "model."] });
    const created = await post("/api/interviews", { track: "css", level: "beginner", questionCount: 5 });
    expect(created.texts).toEqual(["Let's start ", "with the box ", "model."]);
    expect(created.result.body.interview.interviewer).toBe("llm");
    expect(created.result.body.current.asked).toBe("Let's start with the box model.");

    // Grading takes longer than LLM_TIMEOUT_MS: the answer is kept and scored by the built-in grader.
    llm.behave((request) =>
      request.body.stream ? { text: "Next question." } : { delayMs: 1500, then: { json: { keyPoints: [], feedback: "" } } },
    );
    const answer = "I'm not sure.";
    const answered = await post(`/api/interviews/${created.result.body.interview.id}/answers`, { position: 0, answer });
    expect(answered.result.status).toBe(200);
    const turn = await t.services.database.db
      .selectFrom("interview_turn")
      .select(["answer", "grade"])
      .where("session_id", "=", created.result.body.interview.id)
      .where("position", "=", 0)
      .executeTakeFirstOrThrow();
    expect(turn.answer).toBe(answer);
    // A follow-up (the built-in grade found the key points missed), phrased by the model.
    expect(answered.result.body.current).toMatchObject({ position: 0, stage: "follow-up", followUp: "Next question." });
    const followed = await post(`/api/interviews/${created.result.body.interview.id}/answers`, { position: 0, answer: "Still not sure." });
    expect(followed.result.body.current).toMatchObject({ position: 1, asked: "Next question." });
    const closed = await t.services.database.db
      .selectFrom("interview_turn")
      .select(["follow_up_answer", "grade"])
      .where("session_id", "=", created.result.body.interview.id)
      .where("position", "=", 0)
      .executeTakeFirstOrThrow();
    expect(closed.follow_up_answer).toBe("Still not sure.");
    expect(JSON.parse(closed.grade!).grade).toMatchObject({ gradedBy: "built-in", fallbackReason: "timeout" });
  });
});
