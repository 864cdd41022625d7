import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { QUIZ_LENGTHS, QUIZ_TIMES } from "../../app/features/quiz/quiz-types";
import { LEVELS, TECHNOLOGY_SLUGS } from "../../app/lib/technologies";
import { clientKey } from "../http/client-address";
import {
  DEADLINE_GRACE_MS,
  LEADERBOARD_SIZE,
  answerQuestion,
  attemptDetail,
  createAttempt,
  currentQuestion,
  findAttempt,
  leaderboard,
  quizHistory,
} from "../quiz/quiz-service";
import { quizPool } from "../quiz/quiz-questions";
import { currentUser } from "../users/user-service";
import { signedIn, userOf } from "./access";
import { errorBody, errorResponse, jsonBody, jsonResponse, rateLimited, signedInErrors } from "./errors";
import type { ApiEnv } from "./types";

export const QuizTechnologySchema = z.enum(["mixed", ...TECHNOLOGY_SLUGS]);
export const QuizLevelSchema = z.enum(["all", ...LEVELS]);
/**
 * One of these values. (`z.literal([...])` validates the same, but the OpenAPI generator
 * documents only its first value.)
 */
export function oneOf<const T extends readonly (number | null)[]>(values: T) {
  return z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T[number]>, z.ZodLiteral<T[number]>]);
}

const Kind = z.enum(["theory", "console", "program"]);
const Level = z.enum(LEVELS);
const Outcome = z.enum(["correct", "wrong", "skipped", "late"]);
const Code = z.object({ lang: z.string(), html: z.string() }).nullable();

const Attempt = z
  .object({
    id: z.string(),
    technology: QuizTechnologySchema,
    level: QuizLevelSchema,
    questionCount: z.number().int(),
    secondsPerQuestion: z.number().int().nullable(),
    status: z.enum(["active", "finished"]),
    position: z.number().int(),
    correctCount: z.number().int(),
    score: z.number().int().openapi({ description: "Percent correct, 0–100" }),
    durationMs: z.number().int(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi("QuizAttempt");

/** What is shown of a question, asked or reviewed. */
const QuestionView = z.object({
  technology: z.enum(TECHNOLOGY_SLUGS),
  kind: Kind,
  level: Level,
  title: z.string(),
  promptHtml: z.string().nullable(),
  code: Code,
  options: z.array(z.string()),
});

/** What a question looks like while it is asked: nothing here reveals its answer. */
export const AskedQuestion = QuestionView.extend({
  position: z.number().int(),
  total: z.number().int(),
  remainingMs: z.number().int().nullable().openapi({ description: "Milliseconds left to answer; null when untimed" }),
  secondsPerQuestion: z.number().int().nullable(),
}).openapi("QuizQuestion");

const Feedback = z
  .object({
    position: z.number().int(),
    outcome: Outcome,
    chosenOption: z.number().int().nullable(),
    correctOption: z.number().int(),
    questionId: z.string(),
    explanationHtml: z.string().nullable(),
    finished: z.boolean(),
    correctCount: z.number().int(),
  })
  .openapi("QuizFeedback");

export const ReviewItem = QuestionView.extend({
  position: z.number().int(),
  questionId: z.string(),
  chosenOption: z.number().int().nullable(),
  correctOption: z.number().int(),
  outcome: Outcome,
  explanationHtml: z.string().nullable(),
  answerHtml: z.string().nullable(),
  ms: z.number().int(),
}).openapi("QuizReviewItem");

const AttemptId = z.object({ id: z.string().min(1).max(32) });
const PoolCounts = z.object({ all: z.number(), beginner: z.number(), advance: z.number(), expert: z.number() });

export const quizMessages = {
  noQuestions: "There are no quiz questions for this technology and level yet. Choose another level or technology.",
  notFound: "This quiz does not exist, or it belongs to another account.",
  finished: "This quiz is finished.",
  late: "Time was up for this question: the answer arrived after its deadline and scores nothing.",
  notCurrent: "That question is closed already; the quiz has moved on.",
  notShown: "Ask for the question before answering it.",
  rateLimited: "You have started a lot of quizzes in a short time. Please wait a few minutes and try again.",
} as const;

const pool = createRoute({
  method: "get",
  path: "/pool",
  tags: ["Quizzes"],
  summary: "How many quiz questions each technology (and 'mixed') has, per level",
  responses: {
    200: jsonResponse(z.object({ pool: z.record(z.string(), PoolCounts) }), "Counts by technology slug, then level ('all' is the sum)"),
  },
});

const create = createRoute({
  method: "post",
  path: "/",
  tags: ["Quizzes"],
  summary: "Start a practice quiz",
  description:
    "Draws up to `questionCount` random questions that have options. Anyone may play; a signed-in player's attempt is " +
    "saved to their history and counts for the leaderboards (timed quizzes only). The attempt's id is the key to it: keep it private.",
  request: {
    body: jsonBody(
      z
        .object({
          technology: QuizTechnologySchema,
          level: QuizLevelSchema,
          questionCount: oneOf(QUIZ_LENGTHS),
          secondsPerQuestion: oneOf(QUIZ_TIMES),
        })
        .openapi("QuizSettings"),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ attempt: Attempt }), "The attempt; ask for its first question with POST …/current"),
    400: errorResponse("Unknown technology or level, another length or time"),
    404: errorResponse("No quiz questions for this technology and level"),
    429: errorResponse("Too many quizzes started from this client; see Retry-After"),
  },
});

const read = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["Quizzes"],
  summary: "An attempt, with the review of every question already closed",
  description: "The review never contains the question being asked or those to come.",
  request: { params: AttemptId },
  responses: {
    200: jsonResponse(z.object({ attempt: Attempt, review: z.array(ReviewItem) }), "The attempt"),
    404: errorResponse("No such attempt, or another user's"),
  },
});

const current = createRoute({
  method: "post",
  path: "/{id}/current",
  tags: ["Quizzes"],
  summary: "The question being asked; its time starts the first time it is asked for",
  description:
    "Idempotent: asking again returns the same question with the time left. A question whose time ran out unanswered " +
    "is closed as skipped and the next one is returned.",
  request: { params: AttemptId },
  responses: {
    200: jsonResponse(z.object({ question: AskedQuestion }), "The question, without its answer"),
    404: errorResponse("No such attempt, or another user's"),
    409: errorResponse("The quiz is finished"),
  },
});

const answer = createRoute({
  method: "post",
  path: "/{id}/answers",
  tags: ["Quizzes"],
  summary: "Answer the question being asked (option null gives it up)",
  description:
    `Scored on the server. An answer that arrives more than ${DEADLINE_GRACE_MS} ms after the question's deadline is refused ` +
    "with 409 `deadline_passed` and the question scores nothing.",
  request: {
    params: AttemptId,
    body: jsonBody(z.object({ position: z.number().int().min(0).max(100), option: z.number().int().min(0).max(9).nullable() })),
  },
  responses: {
    200: jsonResponse(z.object({ feedback: Feedback }), "The outcome, with the correct option and the explanation"),
    400: errorResponse("Not valid"),
    404: errorResponse("No such attempt, or another user's"),
    409: errorResponse("`deadline_passed`: too late; `conflict`: finished, or not the question being asked"),
  },
});

const history = createRoute({
  method: "get",
  path: "/history",
  tags: ["Quizzes"],
  summary: "Your finished quizzes, newest first (at most 200)",
  ...signedIn(),
  responses: { 200: jsonResponse(z.object({ attempts: z.array(Attempt) }), "Your attempts"), ...signedInErrors },
});

const board = createRoute({
  method: "get",
  path: "/leaderboard",
  tags: ["Quizzes"],
  summary: `The best ${LEADERBOARD_SIZE} players of a technology, this week (from Monday 00:00 UTC) or of all time`,
  description:
    "Each player's best timed quiz, by score then time per question. Only signed-in players who have not hidden " +
    "themselves (PUT /api/account/preferences).",
  request: {
    query: z.object({ technology: QuizTechnologySchema, period: z.enum(["week", "all"]).default("week") }),
  },
  responses: {
    200: jsonResponse(
      z.object({
        entries: z.array(
          z.object({
            rank: z.number().int(),
            name: z.string(),
            score: z.number().int(),
            questionCount: z.number().int(),
            durationMs: z.number().int(),
            finishedAt: z.string(),
            you: z.boolean(),
          }),
        ),
      }),
      "The ranking",
    ),
    400: errorResponse("Unknown technology or period"),
  },
});

export const quizzesRouter = new OpenAPIHono<ApiEnv>()
  .openapi(pool, async (c) => c.json({ pool: await quizPool(c.var.services) }, 200))
  .openapi(history, async (c) => c.json({ attempts: await quizHistory(c.var.services, userOf(c)) }, 200))
  .openapi(board, async (c) => {
    const { technology, period } = c.req.valid("query");
    const reader = await currentUser(c.var.services, c.req.raw.headers);
    return c.json({ entries: await leaderboard(c.var.services, technology, period, reader) }, 200);
  })
  .openapi(create, async (c) => {
    const { services } = c.var;
    const user = await currentUser(services, c.req.raw.headers);
    const result = await createAttempt(services, user, c.req.valid("json"), clientKey(c, services));
    if (result.kind === "rate-limited") return rateLimited(c, result.retryAfterSeconds, quizMessages.rateLimited);
    if (result.kind === "no-questions") return c.json(errorBody("not_found", quizMessages.noQuestions), 404);
    return c.json({ attempt: result.attempt }, 201);
  })
  .openapi(read, async (c) => {
    const { services } = c.var;
    const attempt = await findAttempt(services, c.req.valid("param").id, await currentUser(services, c.req.raw.headers));
    if (!attempt) return c.json(errorBody("not_found", quizMessages.notFound), 404);
    return c.json(await attemptDetail(services, attempt), 200);
  })
  .openapi(current, async (c) => {
    const { services } = c.var;
    const result = await currentQuestion(services, c.req.valid("param").id, await currentUser(services, c.req.raw.headers));
    if (!result) return c.json(errorBody("not_found", quizMessages.notFound), 404);
    if (result.kind === "finished") return c.json(errorBody("conflict", quizMessages.finished), 409);
    return c.json({ question: result.question }, 200);
  })
  .openapi(answer, async (c) => {
    const { services } = c.var;
    const user = await currentUser(services, c.req.raw.headers);
    const result = await answerQuestion(services, c.req.valid("param").id, user, c.req.valid("json"));
    switch (result.kind) {
      case "answered":
        return c.json({ feedback: result.feedback }, 200);
      case "not-found":
        return c.json(errorBody("not_found", quizMessages.notFound), 404);
      case "late":
        return c.json(errorBody("deadline_passed", quizMessages.late), 409);
      case "finished":
        return c.json(errorBody("conflict", quizMessages.finished), 409);
      case "not-shown":
        return c.json(errorBody("conflict", quizMessages.notShown), 409);
      case "not-current":
        return c.json(errorBody("conflict", quizMessages.notCurrent), 409);
    }
  });
