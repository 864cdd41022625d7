import {
  HINT_COST,
  type InterviewCurrent,
  type InterviewGrader,
  type InterviewReport,
  type InterviewSettings,
  type InterviewState,
  type InterviewSummary,
  MAX_HINTS,
  type ReportKeyPoint,
  type ReportTurn,
  SUGGESTED_SECONDS,
  type SelfCheckInput,
  type TopicSummary,
} from "../../app/features/interview/interview-types";
import { type Level, type TechnologySlug, questionPath } from "../../app/lib/technologies";
import { fill, interviewTexts } from "../../app/lib/texts";
import type { InterviewSessionTable, InterviewTurnTable } from "../db/schema";
import { codeBlockHtml, renderSpokenMarkdown } from "../questions/render";
import { consume } from "../rate-limit/rate-limiter";
import { millis, randomId } from "../quiz/quiz-questions";
import type { Services } from "../services";
import type { SessionUser } from "../users/user-service";
import { builtinGrade, keyPointTopic } from "./builtin-interviewer";
import {
  type InterviewQuestionRow,
  adaptLevel,
  drawInterviewQuestion,
  interviewerView,
  loadInterviewQuestions,
  materialOf,
  planKinds,
  technologyName,
  trackName,
  trackTechnologies,
} from "./interview-questions";
import { type KeyPointGrade, weightedScore } from "./grader";
import type { InterviewGrade, TextSink } from "./interviewer";

/**
 * Mock interviews (issue #13). The service decides everything that must be fair and repeatable
 * — which question comes next and at what level, when to follow up, what a hint costs, how a
 * console answer and a coding task score — and keeps every step in the database, so that a
 * reload resumes where the candidate was. The interviewer (built-in or a language model)
 * only phrases questions and grades theory answers against the bank's key points.
 */

type SessionRow = InterviewSessionTable;
type TurnRow = InterviewTurnTable;

/** Interviews one user may start in an hour (a model costs money per answer). */
export const INTERVIEW_START_RATE = { limit: 30, windowMs: 60 * 60_000 };
/** Answers one user may send in an hour: 30 interviews of 10 questions with follow-ups fit, scripts hammering the model do not. */
export const INTERVIEW_ANSWER_RATE = { limit: 600, windowMs: 60 * 60_000 };
/** A theory or console answer that scores this much gets no follow-up. */
const NO_FOLLOW_UP_FROM = 90;
/** Of a console question's score, the part for the output (the rest is for explaining it). */
const OUTPUT_SHARE = 0.7;

/** What is kept of a turn's grading, as JSON in interview_turn.grade. */
interface StoredGrade {
  grade: InterviewGrade | null;
  output: { expected: string; matchedLines: number; totalLines: number } | null;
}

/** Who graded an interview's written answers, as JSON in interview_session.grading (issue #34). */
interface StoredGrading {
  graders: InterviewGrader[];
  uncertain: boolean;
}

function storedGrade(turn: TurnRow): StoredGrade {
  return turn.grade ? (JSON.parse(turn.grade) as StoredGrade) : { grade: null, output: null };
}

function graderOf(grade: InterviewGrade): InterviewGrader {
  return grade.gradedBy === "llm" ? { engine: "llm", model: grade.model ?? null } : { engine: "built-in", model: null };
}

/**
 * Who graded an interview's written answers (each engine once, in the order first used) and
 * whether one of them was unsure. Passes are left out: nobody graded an empty answer.
 */
function gradingOf(turns: TurnRow[]): StoredGrading {
  const graders: InterviewGrader[] = [];
  let uncertain = false;
  for (const turn of turns) {
    const { grade } = storedGrade(turn);
    if (turn.kind === "program" || !grade || !answered(turn)) continue;
    const grader = graderOf(grade);
    if (!graders.some((g) => g.engine === grader.engine && g.model === grader.model)) graders.push(grader);
    if (grade.confidence === "low") uncertain = true;
  }
  return { graders, uncertain };
}

/** Interviews finished before issue #34 kept no grading: their interviewer graded them (its model unnamed). */
function gradingOfRow(row: SessionRow): StoredGrading {
  if (row.grading) return JSON.parse(row.grading) as StoredGrading;
  if (row.status !== "finished") return { graders: [], uncertain: false };
  return { graders: [{ engine: row.interviewer === "llm" ? "llm" : "built-in", model: null }], uncertain: false };
}

export function toSummary(row: SessionRow): InterviewSummary {
  const grading = gradingOfRow(row);
  return {
    id: row.id,
    track: row.track,
    trackName: trackName(row.track),
    level: row.level as Level,
    questionCount: row.question_count,
    interviewer: row.interviewer as InterviewSummary["interviewer"],
    status: row.status,
    position: row.position,
    score: row.score,
    engineScore: row.engine_score ?? row.score,
    selfCheckedAt: row.self_checked_at,
    graders: grading.graders,
    uncertain: grading.uncertain,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export type CreateInterviewResult =
  | { kind: "created"; state: InterviewState }
  | { kind: "unknown-track" }
  | { kind: "no-questions" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/** Starts an interview and asks its first question (the interviewer's words go to `onText` as they come). */
export async function createInterview(
  services: Services,
  user: SessionUser,
  settings: InterviewSettings,
  onText: TextSink = () => {},
): Promise<CreateInterviewResult> {
  const { db } = services.database;
  if (!trackTechnologies(settings.track)) return { kind: "unknown-track" };
  const rate = await consume(db, `interview:${user.id}`, INTERVIEW_START_RATE);
  if (!rate.allowed) return { kind: "rate-limited", retryAfterSeconds: rate.retryAfterSeconds };
  const row: SessionRow = {
    id: randomId(),
    user_id: user.id,
    track: settings.track,
    level: settings.level,
    current_level: settings.level,
    question_count: settings.questionCount,
    interviewer: services.interviewer.kind,
    status: "active",
    position: 0,
    score: null,
    started_at: new Date().toISOString(),
    finished_at: null,
    self_checked_at: null,
    engine_score: null,
    grading: null,
  };
  await db.insertInto("interview_session").values(row).execute();
  const asked = await askTurn(services, row, onText);
  if (!asked) {
    await db.deleteFrom("interview_session").where("id", "=", row.id).execute();
    return { kind: "no-questions" };
  }
  return { kind: "created", state: await interviewState(services, row, asked) };
}

/** The interview, if it exists and belongs to the user. */
export async function findInterview(services: Services, id: string, user: SessionUser): Promise<SessionRow | null> {
  const row = await services.database.db
    .selectFrom("interview_session")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return row ?? null;
}

async function turnAt(services: Services, sessionId: string, position: number): Promise<TurnRow | undefined> {
  return services.database.db
    .selectFrom("interview_turn")
    .selectAll()
    .where("session_id", "=", sessionId)
    .where("position", "=", position)
    .executeTakeFirst();
}

/** A turn with its question: what interviewState shows, handed over by whoever has both already. */
interface Asked {
  turn: TurnRow;
  row: InterviewQuestionRow;
}

/**
 * Draws the question for the session's current position and has the interviewer ask it.
 * Null when the bank has nothing left to ask. Two requests racing here insert one turn.
 */
async function askTurn(services: Services, session: SessionRow, onText: TextSink): Promise<Asked | null> {
  const { db } = services.database;
  const track = trackTechnologies(session.track)!;
  const asked = await db.selectFrom("interview_turn").select("question_id").where("session_id", "=", session.id).execute();
  const kind = planKinds(session.question_count)[session.position] ?? "theory";
  const id = await drawInterviewQuestion(
    services,
    track,
    kind,
    session.position,
    session.current_level as Level,
    asked.map((a) => a.question_id),
  );
  if (!id) return null;
  const row = (await loadInterviewQuestions(services, [id])).get(id)!;
  const text = await services.interviewer.ask(interviewerView(row), onText);
  const turn: TurnRow = {
    session_id: session.id,
    position: session.position,
    question_id: id,
    kind: row.kind,
    level: row.level,
    stage: "answer",
    asked_text: text,
    asked_ms: Date.now(),
    answer: null,
    follow_up: null,
    follow_up_point: null,
    follow_up_answer: null,
    answered_ms: null,
    hints: 0,
    tests_passed: null,
    tests_total: null,
    grade: null,
    score: null,
    self_check: null,
    engine_score: null,
  };
  const inserted = await db
    .insertInto("interview_turn")
    .values(turn)
    .onConflict((oc) => oc.columns(["session_id", "position"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { turn, row };
  return withQuestion(services, await turnAt(services, session.id, session.position));
}

async function withQuestion(services: Services, turn: TurnRow | undefined): Promise<Asked | null> {
  if (!turn) return null;
  return { turn, row: (await loadInterviewQuestions(services, [turn.question_id])).get(turn.question_id)! };
}

/** An interviewer's or grader's words, when there are any, as HTML. */
function spokenHtml(text: string | null): string | null {
  return text ? renderSpokenMarkdown(text) : null;
}

/** Hints for a question: the topics of its first key points, in the rubric's order. */
function hintTexts(row: InterviewQuestionRow): string[] {
  return row.content.keyPoints.slice(0, MAX_HINTS).map((point) => `Think about ${keyPointTopic(point)}.`);
}

/** Where the interview is: the question being asked, with nothing that gives its answer away. */
export async function interviewState(services: Services, session: SessionRow, known?: Asked): Promise<InterviewState> {
  if (session.status === "finished") return { interview: toSummary(session), current: null };
  const asked =
    known ??
    (await withQuestion(services, await turnAt(services, session.id, session.position))) ??
    (await askTurn(services, session, () => {}));
  if (!asked) return { interview: toSummary(await finish(services, session, session.position)), current: null };
  const { turn, row } = asked;
  // The turn was graded but the interview did not move on (the process stopped in between): move on now.
  if (turn.stage === "done") return advance(services, session, turn.score ?? 0, () => {});
  const current: InterviewCurrent = {
    position: turn.position,
    total: session.question_count,
    technology: row.technology,
    kind: row.kind,
    level: row.level,
    asked: turn.asked_text,
    followUp: turn.follow_up,
    askedHtml: renderSpokenMarkdown(turn.asked_text),
    followUpHtml: spokenHtml(turn.follow_up),
    answered: turn.stage === "follow-up" ? turn.answer : null,
    stage: turn.stage === "follow-up" ? "follow-up" : "answer",
    material: materialOf(row),
    hints: hintTexts(row).slice(0, turn.hints),
    hintsHtml: hintTexts(row).slice(0, turn.hints).map(renderSpokenMarkdown),
    hintsLeft: Math.max(0, Math.min(MAX_HINTS, row.content.keyPoints.length) - turn.hints),
    elapsedMs: Date.now() - Number(turn.asked_ms),
    suggestedSeconds: SUGGESTED_SECONDS[row.kind],
  };
  return { interview: toSummary(session), current };
}

export interface AnswerInput {
  position: number;
  /** A theory or console answer (empty: the candidate passes). */
  answer?: string;
  /** The coding task: the code and how many of its tests passed in the browser's runner. */
  code?: string;
  testsPassed?: number;
  testsTotal?: number;
}

export type AnswerResult =
  | { kind: "answered"; state: InterviewState }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  | { kind: "not-found" }
  | { kind: "finished" }
  | { kind: "not-current" }
  | { kind: "invalid"; message: string };

/**
 * Takes the answer to the question being asked (or to its follow-up), grades it, and either
 * follows up once or moves on to the next question — whose words stream to `onText`.
 */
export async function submitAnswer(
  services: Services,
  user: SessionUser,
  id: string,
  input: AnswerInput,
  onText: TextSink = () => {},
): Promise<AnswerResult> {
  const session = await findInterview(services, id, user);
  if (!session) return { kind: "not-found" };
  if (session.status === "finished") return { kind: "finished" };
  const turn = await turnAt(services, session.id, session.position);
  if (!turn || turn.position !== input.position || turn.stage === "done") return { kind: "not-current" };
  const rate = await consume(services.database.db, `interview-answer:${user.id}`, INTERVIEW_ANSWER_RATE);
  if (!rate.allowed) return { kind: "rate-limited", retryAfterSeconds: rate.retryAfterSeconds };
  const row = (await loadInterviewQuestions(services, [turn.question_id])).get(turn.question_id)!;

  if (turn.kind === "program") {
    if (input.code === undefined || input.testsPassed === undefined || input.testsTotal === undefined)
      return { kind: "invalid", message: "Send the code with the number of tests that passed and the number run." };
    if (input.testsPassed > input.testsTotal) return { kind: "invalid", message: "More tests passed than were run." };
    const raw = input.testsTotal ? Math.round((100 * input.testsPassed) / input.testsTotal) : 0;
    const done = await closeTurn(
      services,
      turn,
      raw,
      { grade: null, output: null },
      {
        answer: input.code,
        tests_passed: input.testsPassed,
        tests_total: input.testsTotal,
      },
    );
    if (!done) return { kind: "not-current" };
    return { kind: "answered", state: await advance(services, session, raw, onText) };
  }

  if (input.answer === undefined) return { kind: "invalid", message: "Send the answer." };
  const answer = input.answer.trim();
  if (turn.stage === "answer") {
    const graded = await gradeTurn(services, row, turn.kind, answer);
    const missed = graded.grade?.keyPoints.find((k) => !k.covered);
    if (answer && missed && graded.score < NO_FOLLOW_UP_FROM) {
      const question = interviewerView(row);
      const followUp = await services.interviewer.followUp(question, question.keyPoints[missed.index]!, answer, onText);
      const updated = await services.database.db
        .updateTable("interview_turn")
        .set({ stage: "follow-up", answer, follow_up: followUp, follow_up_point: missed.index })
        .where("session_id", "=", turn.session_id)
        .where("position", "=", turn.position)
        .where("stage", "=", "answer")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return { kind: "not-current" };
      const followed: TurnRow = { ...turn, stage: "follow-up", answer, follow_up: followUp, follow_up_point: missed.index };
      return { kind: "answered", state: await interviewState(services, session, { turn: followed, row }) };
    }
    if (!(await closeTurn(services, turn, graded.score, graded.stored, { answer }))) return { kind: "not-current" };
    return { kind: "answered", state: await advance(services, session, graded.score, onText) };
  }

  // The follow-up's answer: the question is graded on both answers together.
  const graded = await gradeTurn(services, row, turn.kind, [turn.answer ?? "", answer].filter(Boolean).join("\n\n"));
  if (!(await closeTurn(services, turn, graded.score, graded.stored, { follow_up_answer: answer }))) return { kind: "not-current" };
  return { kind: "answered", state: await advance(services, session, graded.score, onText) };
}

/**
 * A theory answer is the interviewer's to grade; a console answer is mostly its output, checked
 * here. An empty answer (a pass) scores nothing without asking anyone.
 */
async function gradeTurn(
  services: Services,
  row: InterviewQuestionRow,
  kind: TurnRow["kind"],
  answer: string,
): Promise<{ score: number; grade: InterviewGrade | null; stored: StoredGrade }> {
  const question = interviewerView(row);
  const grade = answer ? await services.interviewer.grade(question, answer) : builtinGrade(question, "");
  if (kind !== "console") return { score: grade.score, grade, stored: { grade, output: null } };
  const output = matchOutput(row.content.output ?? "", answer);
  return { score: consoleScore(output, grade.score), grade, stored: { grade, output } };
}

/** A console answer's score: mostly the lines of output it got right, the rest its explanation's (0–100). */
function consoleScore(output: { matchedLines: number; totalLines: number }, explanation: number): number {
  const share = output.totalLines ? output.matchedLines / output.totalLines : 0;
  return Math.round(100 * (OUTPUT_SHARE * share + (1 - OUTPUT_SHARE) * (explanation / 100)));
}

/** A question's score once its hints are taken off. */
function afterHints(raw: number, hints: number): number {
  return Math.max(0, raw - HINT_COST * hints);
}

/** The interview's score: the mean of its questions'. */
function meanScore(scores: number[]): number {
  return scores.length ? Math.round(scores.reduce((sum, s) => sum + s, 0) / scores.length) : 0;
}

/** Whether the candidate wrote something (a pass is an empty answer to the question and to any follow-up). */
function answered(turn: TurnRow): boolean {
  return Boolean(turn.answer?.trim() || turn.follow_up_answer?.trim());
}

/** A line of output as compared: spacing collapsed, and a quote or backtick around the whole line dropped (on both sides). */
function outputLine(line: string): string {
  return line
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^([`'"])(.*)\1$/, "$2");
}

/**
 * How many lines of the expected output the answer gets right, in order. The candidate is asked
 * to write the output first: only as many of the answer's first non-empty lines as the output has
 * count (so listing every guess earns nothing), compared as a longest common subsequence (a line
 * missed or added in the middle costs that line, not the rest).
 */
export function matchOutput(expected: string, answer: string) {
  const lines = (text: string) => text.split(/\r?\n/).map(outputLine).filter(Boolean);
  const want = lines(expected);
  const have = lines(answer).slice(0, want.length);
  const table = Array.from({ length: want.length + 1 }, () => new Array<number>(have.length + 1).fill(0));
  for (let i = 1; i <= want.length; i++)
    for (let j = 1; j <= have.length; j++)
      table[i]![j] = want[i - 1] === have[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
  return { expected: expected.trim(), matchedLines: table[want.length]![have.length]!, totalLines: want.length };
}

/** Records the turn's grade (hints taken off); false when another request closed it first. */
async function closeTurn(
  services: Services,
  turn: TurnRow,
  raw: number,
  stored: StoredGrade,
  fields: Partial<Pick<TurnRow, "answer" | "follow_up_answer" | "tests_passed" | "tests_total">>,
): Promise<boolean> {
  const score = afterHints(raw, turn.hints);
  const updated = await services.database.db
    .updateTable("interview_turn")
    .set({ ...fields, stage: "done", grade: JSON.stringify(stored), score, answered_ms: Date.now() })
    .where("session_id", "=", turn.session_id)
    .where("position", "=", turn.position)
    .where("stage", "=", turn.stage)
    // A hint taken while the answer was being graded is not free: the answer is refused and sent again.
    .where("hints", "=", turn.hints)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** After a turn closed: the level adapts to its score, then the next question is asked, or the interview ends. */
async function advance(services: Services, session: SessionRow, raw: number, onText: TextSink): Promise<InterviewState> {
  const next: SessionRow = {
    ...session,
    position: session.position + 1,
    current_level: adaptLevel(session.current_level as Level, raw),
  };
  if (next.position >= session.question_count)
    return { interview: toSummary(await finish(services, session, next.position)), current: null };
  await services.database.db
    .updateTable("interview_session")
    .set({ position: next.position, current_level: next.current_level })
    .where("id", "=", session.id)
    .where("position", "=", session.position)
    .execute();
  const asked = await askTurn(services, next, onText);
  if (!asked) return { interview: toSummary(await finish(services, next, next.position)), current: null };
  return interviewState(services, next, asked);
}

/** Ends the interview after `asked` questions: its score is their mean; who graded them is noted for the history. */
async function finish(services: Services, session: SessionRow, asked: number): Promise<SessionRow> {
  const { db } = services.database;
  const turns = await db
    .selectFrom("interview_turn")
    .selectAll()
    .where("session_id", "=", session.id)
    .where("stage", "=", "done")
    .execute();
  const score = meanScore(turns.map((t) => t.score ?? 0));
  const grading = JSON.stringify(gradingOf(turns));
  const finished: SessionRow = {
    ...session,
    status: "finished",
    position: asked,
    question_count: asked,
    score,
    finished_at: new Date().toISOString(),
    grading,
  };
  await db
    .updateTable("interview_session")
    .set({ status: "finished", position: asked, question_count: asked, score, finished_at: finished.finished_at, grading })
    .where("id", "=", session.id)
    .where("status", "=", "active")
    .execute();
  return finished;
}

export type HintResult = { kind: "hint"; state: InterviewState } | { kind: "not-found" } | { kind: "not-current" } | { kind: "no-hints" };

/** One more hint for the question being asked; each takes HINT_COST points off it. */
export async function takeHint(services: Services, user: SessionUser, id: string, position: number): Promise<HintResult> {
  const session = await findInterview(services, id, user);
  if (!session) return { kind: "not-found" };
  const turn = session.status === "active" ? await turnAt(services, session.id, session.position) : undefined;
  if (!turn || turn.position !== position || turn.stage === "done") return { kind: "not-current" };
  const row = (await loadInterviewQuestions(services, [turn.question_id])).get(turn.question_id)!;
  if (turn.hints >= Math.min(MAX_HINTS, row.content.keyPoints.length)) return { kind: "no-hints" };
  const updated = await services.database.db
    .updateTable("interview_turn")
    .set({ hints: turn.hints + 1 })
    .where("session_id", "=", turn.session_id)
    .where("position", "=", turn.position)
    .where("hints", "=", turn.hints)
    .where("stage", "!=", "done")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { kind: "not-current" };
  return { kind: "hint", state: await interviewState(services, session, { turn: { ...turn, hints: turn.hints + 1 }, row }) };
}

/** The user's interview in progress, if any (the newest). */
export async function activeInterview(services: Services, user: SessionUser): Promise<InterviewSummary | null> {
  const row = await services.database.db
    .selectFrom("interview_session")
    .selectAll()
    .where("user_id", "=", user.id)
    .where("status", "=", "active")
    .orderBy("started_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}

/** The user's interviews, newest first. */
export async function interviewHistory(services: Services, user: SessionUser): Promise<InterviewSummary[]> {
  const rows = await services.database.db
    .selectFrom("interview_session")
    .selectAll()
    .where("user_id", "=", user.id)
    .orderBy("started_at", "desc")
    .limit(200)
    .execute();
  return rows.map(toSummary);
}

/** The report of a finished interview: every answer with the rubric behind its score, topics, what to study next. */
export async function interviewReport(services: Services, interview: InterviewSummary): Promise<InterviewReport | null> {
  if (interview.status !== "finished") return null;
  const turns = await services.database.db
    .selectFrom("interview_turn")
    .selectAll()
    .where("session_id", "=", interview.id)
    .orderBy("position")
    .execute();
  const questions = await loadInterviewQuestions(services, [...new Set(turns.map((t) => t.question_id))]);
  const reported = turns.filter((t) => questions.has(t.question_id)).map((t) => reportTurn(t, questions.get(t.question_id)!));
  return {
    interview,
    turns: reported,
    topics: topicSummaries(reported),
    studyNext: await studyNext(services, reported, questions),
  };
}

/** Whether a turn is part of the self-check: a written answer that was graded against key points. */
function selfCheckable(turn: TurnRow, stored: StoredGrade): boolean {
  return turn.kind !== "program" && answered(turn) && (stored.grade?.keyPoints.length ?? 0) > 0;
}

/** The reader's ticks once the self-check is confirmed (one per key point of the stored grade). */
function ticksOf(turn: TurnRow): boolean[] | null {
  return turn.self_check ? (JSON.parse(turn.self_check) as boolean[]) : null;
}

function reportKeyPoints(grade: InterviewGrade | null, ticks: boolean[] | null): ReportKeyPoint[] {
  return (grade?.keyPoints ?? []).map((k, i) => {
    // Grades stored before issue #34 have no status: covered or not is all they know.
    const status = (k.status as KeyPointGrade["status"] | undefined) ?? (k.covered ? "covered" : "missing");
    return {
      text: k.text,
      status,
      covered: status === "covered",
      // Only quotes that bear on the verdict: a partial match under the line is no evidence.
      evidence: status === "missing" ? null : k.evidence,
      checked: ticks ? (ticks[i] ?? false) : null,
      core: k.core ?? null,
    };
  });
}

function reportTurn(turn: TurnRow, row: InterviewQuestionRow): ReportTurn {
  const stored = storedGrade(turn);
  const { grade } = stored;
  const { content } = row;
  const durationMs = (millis(turn.answered_ms) ?? Date.now()) - Number(turn.asked_ms);
  return {
    position: turn.position,
    questionId: row.id,
    url: questionPath(row),
    technology: row.technology,
    kind: row.kind,
    level: row.level,
    title: row.title,
    asked: turn.asked_text,
    askedHtml: renderSpokenMarkdown(turn.asked_text),
    answer: turn.answer,
    followUp: turn.follow_up,
    followUpHtml: spokenHtml(turn.follow_up),
    followUpAnswer: turn.follow_up_answer,
    score: turn.score ?? 0,
    engineScore: turn.engine_score ?? turn.score ?? 0,
    selfCheck: selfCheckable(turn, stored),
    hints: turn.hints,
    durationMs,
    overTime: durationMs > SUGGESTED_SECONDS[row.kind] * 1000,
    gradedBy: turn.kind === "program" ? "tests" : (grade?.gradedBy ?? "built-in"),
    grader: turn.kind === "program" || !grade ? null : graderOf(grade),
    confidence: grade?.confidence ?? "high",
    fallbackReason: grade?.fallbackReason ?? null,
    feedback: grade?.feedback ?? null,
    feedbackHtml: spokenHtml(grade?.feedback ?? null),
    keyPoints: turn.kind === "program" ? [] : reportKeyPoints(grade, ticksOf(turn)),
    output: stored.output,
    tests: turn.tests_total === null ? null : { passed: turn.tests_passed ?? 0, total: turn.tests_total },
    modelAnswerHtml:
      row.kind === "program"
        ? content.solution && codeBlockHtml(content.solution.html, content.solution.lang)
        : [content.answerHtml, content.explanationHtml].filter(Boolean).join("") || null,
  };
}

export type SelfCheckResult =
  | { kind: "confirmed"; report: InterviewReport }
  | { kind: "not-found" }
  | { kind: "not-finished" }
  | { kind: "already-confirmed" }
  | { kind: "invalid"; message: string };

/**
 * Confirms the self-check of a finished interview (issue #34): the reader's ticks replace the
 * engine's, each written answer's score becomes the share of its key points ticked (a console
 * answer's explanation part; hints taken off as before), and the interview's score their mean.
 * Once per interview; the input must hold every answer of the check once, with one tick per key
 * point, or nothing changes.
 */
export async function confirmSelfCheck(services: Services, user: SessionUser, id: string, input: SelfCheckInput): Promise<SelfCheckResult> {
  const session = await findInterview(services, id, user);
  if (!session) return { kind: "not-found" };
  if (session.status !== "finished") return { kind: "not-finished" };
  if (session.self_checked_at) return { kind: "already-confirmed" };
  const { db } = services.database;
  const turns = await db.selectFrom("interview_turn").selectAll().where("session_id", "=", session.id).orderBy("position").execute();
  // Each checkable turn's stored grade, read once.
  const checkable = new Map(
    turns.flatMap((t) => {
      const stored = storedGrade(t);
      return selfCheckable(t, stored) ? [[t.position, stored] as const] : [];
    }),
  );

  const sent = new Map<number, boolean[]>();
  for (const { position, ticks } of input.turns) {
    const stored = checkable.get(position);
    if (!stored || sent.has(position))
      return { kind: "invalid", message: fill(interviewTexts.selfCheckNotInCheck, { number: position + 1 }) };
    const count = stored.grade!.keyPoints.length;
    if (ticks.length !== count)
      return { kind: "invalid", message: fill(interviewTexts.selfCheckTickCount, { number: position + 1, count }) };
    sent.set(position, ticks);
  }
  const missing = [...checkable.keys()].find((position) => !sent.has(position));
  if (missing !== undefined) return { kind: "invalid", message: fill(interviewTexts.selfCheckMissing, { number: missing + 1 }) };

  const finalScores = new Map<number, number>();
  for (const turn of turns) {
    const ticks = sent.get(turn.position);
    if (!ticks) continue;
    const { grade, output } = checkable.get(turn.position)!;
    // Weighed as the engine weighs them: the core key points carry 70% (see `weightedScore`).
    const ticked = Math.round(weightedScore(grade!.keyPoints, (k) => (ticks[k.index] ? 1 : 0)));
    const raw = turn.kind === "console" && output ? consoleScore(output, ticked) : ticked;
    finalScores.set(turn.position, afterHints(raw, turn.hints));
  }
  const overall = meanScore(turns.filter((t) => t.stage === "done").map((t) => finalScores.get(t.position) ?? t.score ?? 0));
  const checkedAt = new Date().toISOString();

  const confirmed = await db.transaction().execute(async (trx) => {
    // Claimed first, on the condition that nobody has: a second confirm (or a double submit) changes nothing.
    const claimed = await trx
      .updateTable("interview_session")
      .set({ self_checked_at: checkedAt, engine_score: session.score, score: overall })
      .where("id", "=", session.id)
      .where("status", "=", "finished")
      .where("self_checked_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    for (const turn of turns) {
      const ticks = sent.get(turn.position);
      if (!ticks) continue;
      await trx
        .updateTable("interview_turn")
        .set({ self_check: JSON.stringify(ticks), engine_score: turn.score, score: finalScores.get(turn.position)! })
        .where("session_id", "=", session.id)
        .where("position", "=", turn.position)
        .execute();
    }
    return true;
  });
  if (!confirmed) return { kind: "already-confirmed" };
  const summary = toSummary({ ...session, self_checked_at: checkedAt, engine_score: session.score, score: overall });
  return { kind: "confirmed", report: (await interviewReport(services, summary))! };
}

/** Per technology: the mean score, the questions answered well, and the key points missed in the others. */
function topicSummaries(turns: ReportTurn[]): TopicSummary[] {
  const byTechnology = new Map<TechnologySlug, ReportTurn[]>();
  for (const turn of turns) byTechnology.set(turn.technology, [...(byTechnology.get(turn.technology) ?? []), turn]);
  return [...byTechnology].map(([technology, list]) => ({
    technology,
    name: technologyName(technology),
    score: Math.round(list.reduce((sum, t) => sum + t.score, 0) / list.length),
    strengths: list.filter((t) => t.score >= 70).map((t) => t.title),
    gaps: [
      ...new Set(
        list
          .filter((t) => t.score < 70)
          .flatMap((t) => {
            // The reader's own check, once confirmed, says what was missed.
            const missed = t.keyPoints.filter((k) => !(k.checked ?? k.covered)).map((k) => k.text);
            return missed.length ? missed : [t.title];
          }),
      ),
    ],
  }));
}

/** For every answer under 70: its own question, then one more of the same technology sharing a tag (one query). */
async function studyNext(services: Services, turns: ReportTurn[], questions: Map<string, InterviewQuestionRow>) {
  const weak = turns.filter((t) => t.score < 70);
  const asked = turns.map((t) => t.questionId);
  const tags = [...new Set(weak.flatMap((t) => tagsOf(questions.get(t.questionId)!)))];
  const related = tags.length
    ? await services.database.db
        .selectFrom("question_tag")
        .innerJoin("question", "question.id", "question_tag.question_id")
        .select(["question.id", "question.title", "question.technology", "question_tag.tag"])
        .where("question_tag.tag", "in", tags)
        .where("question.status", "=", "published")
        .where("question.id", "not in", asked)
        .orderBy("question.sort_key")
        .limit(200)
        .execute()
    : [];
  const picks: { title: string; url: string }[] = [];
  const seen = new Set<string>();
  const add = (id: string, technology: string, title: string) => {
    if (seen.has(id) || picks.length >= 8) return;
    seen.add(id);
    picks.push({ title, url: questionPath({ technology, id }) });
  };
  for (const turn of weak) {
    add(turn.questionId, turn.technology, turn.title);
    const ownTags = tagsOf(questions.get(turn.questionId)!);
    const more = related.find((r) => r.technology === turn.technology && ownTags.includes(r.tag) && !seen.has(r.id));
    if (more) add(more.id, more.technology, more.title);
  }
  return picks;
}

function tagsOf(row: InterviewQuestionRow): string[] {
  return row.tags
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The tests of the coding task being asked, when it is TypeScript (its type check compiles them on the server). */
export async function typeScriptTaskTests(
  services: Services,
  user: SessionUser,
  id: string,
  position: number,
): Promise<{ tests: string | null } | null> {
  const session = await findInterview(services, id, user);
  if (!session) return null;
  const turn = session.status === "active" ? await turnAt(services, session.id, session.position) : undefined;
  if (!turn || turn.position !== position || turn.kind !== "program" || turn.stage === "done") return { tests: null };
  const tests = (await loadInterviewQuestions(services, [turn.question_id])).get(turn.question_id)?.content.tests;
  return { tests: tests?.lang === "ts" ? tests.source : null };
}
