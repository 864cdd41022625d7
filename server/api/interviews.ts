import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { INTERVIEW_LENGTHS, INTERVIEW_ROLES, MAX_HINTS } from "../../app/features/interview/interview-types";
import { KINDS, LEVELS, TECHNOLOGY_SLUGS } from "../../app/lib/technologies";
import { interviewTexts } from "../../app/lib/texts";
import {
  type AnswerResult,
  type CreateInterviewResult,
  confirmSelfCheck,
  createInterview,
  findInterview,
  interviewHistory,
  interviewReport,
  interviewState,
  submitAnswer,
  takeHint,
  typeScriptTaskTests,
} from "../interview/interview-service";
import type { TextSink } from "../interview/interviewer";
import { signedIn, userOf } from "./access";
import { type ErrorCode, errorBody, errorResponse, jsonBody, jsonResponse, signedInErrors } from "./errors";
import { TYPE_CHECK_RULES, TypeCheckResult, typeCheckMessages, typeCheckResponse } from "./questions";
import { oneOf } from "./quizzes";
import type { ApiEnv } from "./types";

const Track = z.enum([...TECHNOLOGY_SLUGS, ...INTERVIEW_ROLES.map((r) => r.id)]).openapi({
  description: `A technology, or a role mix: ${INTERVIEW_ROLES.map((r) => `\`${r.id}\` (${r.name})`).join(", ")}`,
});
const Level = z.enum(LEVELS);
const Kind = z.enum(KINDS);
const Technology = z.enum(TECHNOLOGY_SLUGS);

const Grader = z
  .object({
    engine: z.enum(["built-in", "llm"]),
    model: z
      .string()
      .nullable()
      .openapi({ description: "The language model's name (null for the built-in matcher, or when not recorded)" }),
  })
  .openapi("InterviewGrader", { description: "Who graded a written answer" });

const Summary = z
  .object({
    id: z.string(),
    track: z.string(),
    trackName: z.string(),
    level: Level,
    questionCount: z.number().int(),
    interviewer: z.enum(["built-in", "llm"]),
    status: z.enum(["active", "finished"]),
    position: z.number().int(),
    score: z.number().int().nullable().openapi({
      description: "0–100 once finished: provisional (the engines') until the self-check is confirmed, then the self-checked one",
    }),
    engineScore: z.number().int().nullable().openapi({ description: "The engines' overall score, kept when the self-check replaced it" }),
    selfCheckedAt: z
      .string()
      .nullable()
      .openapi({ description: "When the self-check was confirmed; null while the scores are provisional" }),
    graders: z.array(Grader).openapi({ description: "Who graded the written answers (once finished)" }),
    uncertain: z.boolean().openapi({ description: "An engine could not vouch for one of the grades: the reader should check them" }),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi("InterviewSummary");

const Current = z
  .object({
    position: z.number().int(),
    total: z.number().int(),
    technology: Technology,
    kind: Kind,
    level: Level,
    asked: z.string().openapi({ description: "The interviewer's question" }),
    followUp: z.string().nullable(),
    askedHtml: z.string().openapi({ description: "The question as sanitised HTML (its Markdown rendered)" }),
    followUpHtml: z.string().nullable(),
    answered: z.string().nullable().openapi({ description: "The candidate's first answer, once the follow-up is asked" }),
    stage: z.enum(["answer", "follow-up"]),
    material: z.object({
      promptHtml: z.string().nullable(),
      statementHtml: z.string().nullable(),
      code: z.object({ lang: z.string(), html: z.string() }).nullable(),
      challenge: z
        .object({ language: z.enum(["javascript", "typescript", "react", "sql"]), starter: z.string(), tests: z.string() })
        .nullable(),
    }),
    hints: z.array(z.string()),
    hintsHtml: z.array(z.string()),
    hintsLeft: z.number().int(),
    elapsedMs: z.number().int(),
    suggestedSeconds: z.number().int(),
  })
  .openapi("InterviewQuestion", { description: "The question being asked: nothing in it gives the answer away" });

const State = z.object({ interview: Summary, current: Current.nullable() }).openapi("InterviewState");

const Report = z
  .object({
    interview: Summary,
    turns: z.array(
      z.object({
        position: z.number().int(),
        questionId: z.string(),
        url: z.string(),
        technology: Technology,
        kind: Kind,
        level: Level,
        title: z.string(),
        asked: z.string(),
        askedHtml: z.string(),
        answer: z.string().nullable(),
        followUp: z.string().nullable(),
        followUpHtml: z.string().nullable(),
        followUpAnswer: z.string().nullable(),
        score: z.number().int().openapi({ description: "0–100 after hints: the engine's, or the self-checked one once confirmed" }),
        engineScore: z.number().int().openapi({ description: "The engine's score after hints" }),
        selfCheck: z.boolean().openapi({ description: "Part of the self-check: send one tick per key point for it" }),
        hints: z.number().int(),
        durationMs: z.number().int(),
        overTime: z.boolean(),
        gradedBy: z.enum(["built-in", "llm", "tests", "output"]),
        grader: Grader.nullable().openapi({ description: "Who graded the written answer (null for the coding task: its tests score it)" }),
        confidence: z.enum(["high", "low"]).openapi({ description: "low: the engine could not vouch for the grade" }),
        fallbackReason: z
          .enum(["timeout", "error", "invalid"])
          .nullable()
          .openapi({ description: "Why the configured model did not grade it (the built-in matcher stood in)" }),
        feedback: z.string().nullable(),
        feedbackHtml: z.string().nullable(),
        keyPoints: z.array(
          z.object({
            text: z.string(),
            status: z.enum(["covered", "missing", "contradicted"]),
            covered: z.boolean(),
            evidence: z.string().nullable().openapi({ description: "The candidate's words behind a covered or contradicted key point" }),
            checked: z.boolean().nullable().openapi({ description: "The reader's tick, once the self-check is confirmed" }),
            core: z
              .boolean()
              .nullable()
              .openapi({ description: "A core key point (the core carries 70% of the score); null when every key point weighs the same" }),
          }),
        ),
        output: z.object({ expected: z.string(), matchedLines: z.number().int(), totalLines: z.number().int() }).nullable(),
        tests: z.object({ passed: z.number().int(), total: z.number().int() }).nullable(),
        modelAnswerHtml: z.string().nullable(),
      }),
    ),
    topics: z.array(
      z.object({
        technology: Technology,
        name: z.string(),
        score: z.number().int(),
        strengths: z.array(z.string()),
        gaps: z.array(z.string()),
      }),
    ),
    studyNext: z.array(z.object({ title: z.string(), url: z.string() })),
  })
  .openapi("InterviewReport");

const InterviewId = z.object({ id: z.string().min(1).max(32) });
/** The question an action is about (0-based): an action on any other than the one being asked is refused. */
const Position = z.number().int().min(0).max(20);

export const interviewMessages = {
  unknownTrack: "Choose a technology or a role from the list.",
  noQuestions: interviewTexts.noQuestions,
  notFound: "This interview does not exist, or it belongs to another account.",
  finished: "This interview is finished.",
  notCurrent: "That question is closed already; the interview has moved on.",
  noHints: `No more hints for this question (at most ${MAX_HINTS}).`,
  rateLimited: interviewTexts.rateLimited,
  notFinished: interviewTexts.selfCheckNotFinished,
  selfChecked: interviewTexts.selfCheckDone,
  answersRateLimited: "You have sent a lot of answers in a short time. Please wait a while and try again.",
} as const;

const STREAMING =
  "Send `Accept: application/x-ndjson` to receive the interviewer's words as they are produced: one JSON object per line, " +
  '`{"type":"text","text":"…"}` pieces, then one `{"type":"result","status":201|200|4xx,"body":{…}}` with what the JSON response would have been.';

const ndjson = { "application/x-ndjson": { schema: z.string().openapi({ description: "Newline-delimited JSON (see the description)" }) } };

const create = createRoute({
  method: "post",
  path: "/",
  tags: ["Interviews"],
  summary: "Start a mock interview and ask its first question",
  description:
    "Questions come from the bank: mostly theory, a console question second and a coding task second to last. The level adapts after " +
    `every answer (75 and more: one up; under 40: one down). ${STREAMING}`,
  ...signedIn(),
  request: {
    body: jsonBody(z.object({ track: Track, level: Level, questionCount: oneOf(INTERVIEW_LENGTHS) }).openapi("InterviewSettings")),
  },
  responses: {
    201: { description: "The interview and its first question", content: { "application/json": { schema: State }, ...ndjson } },
    400: errorResponse("Unknown track or level, or another length"),
    404: errorResponse("No questions for this choice"),
    429: errorResponse("Too many interviews started; see Retry-After"),
    ...signedInErrors,
  },
});

const history = createRoute({
  method: "get",
  path: "/",
  tags: ["Interviews"],
  summary: "Your interviews, newest first (at most 200)",
  ...signedIn(),
  responses: { 200: jsonResponse(z.object({ interviews: z.array(Summary) }), "Your interviews"), ...signedInErrors },
});

const read = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["Interviews"],
  summary: "An interview: where it is (to resume it), and its report once finished",
  ...signedIn(),
  request: { params: InterviewId },
  responses: {
    200: jsonResponse(z.object({ state: State, report: Report.nullable() }), "The interview"),
    404: errorResponse("No such interview, or another user's"),
    ...signedInErrors,
  },
});

const answer = createRoute({
  method: "post",
  path: "/{id}/answers",
  tags: ["Interviews"],
  summary: "Answer the question being asked, or its follow-up",
  description:
    "Theory and console questions take `answer` (empty passes); the coding task takes `code` with `testsPassed` and `testsTotal` from the " +
    "browser's test run. After an answer that missed a key point the interviewer asks one follow-up; then the next question. " +
    STREAMING,
  ...signedIn(),
  request: {
    params: InterviewId,
    body: jsonBody(
      z.object({
        position: Position,
        answer: z.string().max(10_000).optional(),
        code: z.string().max(50_000).optional(),
        testsPassed: z.number().int().min(0).max(500).optional(),
        testsTotal: z.number().int().min(0).max(500).optional(),
      }),
    ),
  },
  responses: {
    200: { description: "Where the interview is now", content: { "application/json": { schema: State }, ...ndjson } },
    400: errorResponse("Not valid"),
    404: errorResponse("No such interview, or another user's"),
    409: errorResponse("Finished, or not the question being asked"),
    ...signedInErrors,
  },
});

const hint = createRoute({
  method: "post",
  path: "/{id}/hints",
  tags: ["Interviews"],
  summary: `A hint for the question being asked (at most ${MAX_HINTS}; each takes 10 points off it)`,
  ...signedIn(),
  request: { params: InterviewId, body: jsonBody(z.object({ position: Position })) },
  responses: {
    200: jsonResponse(z.object({ state: State }), "The question with its hints"),
    404: errorResponse("No such interview, or another user's"),
    409: errorResponse("Not the question being asked, or no hints left"),
    ...signedInErrors,
  },
});

const selfCheck = createRoute({
  method: "post",
  path: "/{id}/self-check",
  tags: ["Interviews"],
  summary: "Confirm the self-check of a finished interview: your ticks make its scores final",
  description:
    "One entry for every report turn with `selfCheck: true`, each with one tick per key point (in the report's order). Each answer's " +
    "score becomes the share of key points ticked (for a console question, its explanation's 30%), less 10 points per hint; the " +
    "interview's score is their mean. Once per interview; nothing changes when the input is refused.",
  ...signedIn(),
  request: {
    params: InterviewId,
    body: jsonBody(
      z
        .object({
          turns: z.array(z.object({ position: Position, ticks: z.array(z.boolean()).max(50) })).max(20),
        })
        .openapi("InterviewSelfCheck"),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ report: Report }), "The report with the final scores"),
    400: errorResponse("An answer of the check missing or sent twice, one not in it, or the wrong number of ticks"),
    404: errorResponse("No such interview, or another user's"),
    409: errorResponse("Not finished, or checked already"),
    ...signedInErrors,
  },
});

const typeCheck = createRoute({
  method: "post",
  path: "/{id}/typecheck",
  tags: ["Interviews"],
  summary: "Compile the TypeScript coding task being asked with its tests (as POST /api/questions/{technology}/{id}/typecheck)",
  ...signedIn(),
  request: {
    params: InterviewId,
    body: jsonBody(
      z.object({
        position: Position,
        code: z.string().max(TYPE_CHECK_RULES.codeLength, typeCheckMessages.tooLong),
      }),
    ),
  },
  responses: {
    200: jsonResponse(TypeCheckResult, "The compiler's errors; all three lists empty when the code type-checks"),
    404: errorResponse("Not your interview, or the question being asked is not a TypeScript coding task"),
    429: errorResponse("Too many checks from this client; see Retry-After"),
    503: errorResponse("The check took too long, or the checker is busy"),
    ...signedInErrors,
  },
});

type Outcome = { status: ContentfulStatusCode; body: unknown; retryAfterSeconds?: number };

function fail(status: ContentfulStatusCode, code: ErrorCode, message: string): Outcome {
  return { status, body: errorBody(code, message) };
}

function createdOutcome(result: CreateInterviewResult): Outcome {
  switch (result.kind) {
    case "created":
      return { status: 201, body: result.state };
    case "unknown-track":
      return fail(400, "invalid_request", interviewMessages.unknownTrack);
    case "no-questions":
      return fail(404, "not_found", interviewMessages.noQuestions);
    case "rate-limited":
      return { ...fail(429, "rate_limited", interviewMessages.rateLimited), retryAfterSeconds: result.retryAfterSeconds };
  }
}

function answerOutcome(result: AnswerResult): Outcome {
  switch (result.kind) {
    case "answered":
      return { status: 200, body: result.state };
    case "not-found":
      return fail(404, "not_found", interviewMessages.notFound);
    case "finished":
      return fail(409, "conflict", interviewMessages.finished);
    case "not-current":
      return fail(409, "conflict", interviewMessages.notCurrent);
    case "invalid":
      return fail(400, "invalid_request", result.message);
    case "rate-limited":
      return { ...fail(429, "rate_limited", interviewMessages.answersRateLimited), retryAfterSeconds: result.retryAfterSeconds };
  }
}

/**
 * Runs work that makes the interviewer speak. A client that asks for NDJSON gets the words as
 * they come and the outcome last; others get the outcome as plain JSON. The work finishes even if
 * the client goes away, so an answer is never lost with the connection.
 */
function respond(c: Context<ApiEnv>, work: (onText: TextSink) => Promise<Outcome>): Response | Promise<Response> {
  if (!(c.req.header("Accept") ?? "").includes("application/x-ndjson"))
    return work(() => {}).then(({ status, body, retryAfterSeconds }) => {
      if (retryAfterSeconds !== undefined) c.header("Retry-After", String(retryAfterSeconds));
      return c.json(body as object, status);
    });
  const encoder = new TextEncoder();
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (value: unknown) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
        } catch {
          open = false;
        }
      };
      work((text) => send({ type: "text", text }))
        .catch((error: unknown) => {
          c.var.services.logger.error({ err: error }, "interview step failed");
          return fail(500, "internal", "Something went wrong on our side. Your answer is kept; please try again.");
        })
        .then((outcome) => {
          send({ type: "result", ...outcome });
          if (open) controller.close();
          open = false;
        });
    },
    cancel() {
      open = false;
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
  });
}

export const interviewsRouter = new OpenAPIHono<ApiEnv>()
  .openapi(history, async (c) => c.json({ interviews: await interviewHistory(c.var.services, userOf(c)) }, 200))
  .openapi(create, (c) => {
    const settings = c.req.valid("json");
    return respond(c, async (onText) => createdOutcome(await createInterview(c.var.services, userOf(c), settings, onText))) as never;
  })
  .openapi(read, async (c) => {
    const { services } = c.var;
    const session = await findInterview(services, c.req.valid("param").id, userOf(c));
    if (!session) return c.json(errorBody("not_found", interviewMessages.notFound), 404);
    const state = await interviewState(services, session);
    const report = state.interview.status === "finished" ? await interviewReport(services, state.interview) : null;
    return c.json({ state, report }, 200);
  })
  .openapi(answer, (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    return respond(c, async (onText) => answerOutcome(await submitAnswer(c.var.services, userOf(c), id, input, onText))) as never;
  })
  .openapi(hint, async (c) => {
    const result = await takeHint(c.var.services, userOf(c), c.req.valid("param").id, c.req.valid("json").position);
    switch (result.kind) {
      case "hint":
        return c.json({ state: result.state }, 200);
      case "not-found":
        return c.json(errorBody("not_found", interviewMessages.notFound), 404);
      case "not-current":
        return c.json(errorBody("conflict", interviewMessages.notCurrent), 409);
      case "no-hints":
        return c.json(errorBody("conflict", interviewMessages.noHints), 409);
    }
  })
  .openapi(selfCheck, async (c) => {
    const result = await confirmSelfCheck(c.var.services, userOf(c), c.req.valid("param").id, c.req.valid("json"));
    switch (result.kind) {
      case "confirmed":
        return c.json({ report: result.report }, 200);
      case "not-found":
        return c.json(errorBody("not_found", interviewMessages.notFound), 404);
      case "not-finished":
        return c.json(errorBody("conflict", interviewMessages.notFinished), 409);
      case "already-confirmed":
        return c.json(errorBody("conflict", interviewMessages.selfChecked), 409);
      case "invalid":
        return c.json(errorBody("invalid_request", result.message), 400);
    }
  })
  .openapi(typeCheck, async (c) => {
    const { id } = c.req.valid("param");
    const { position, code } = c.req.valid("json");
    const task = await typeScriptTaskTests(c.var.services, userOf(c), id, position);
    if (!task) return c.json(errorBody("not_found", interviewMessages.notFound), 404);
    if (!task.tests) return c.json(errorBody("not_found", typeCheckMessages.notTypeScript), 404);
    return typeCheckResponse(c, task.tests, code, id) as never;
  });
