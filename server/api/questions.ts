import type { Context } from "hono";
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { cacheableFor } from "../http/page-cache";
import { KINDS, LEVELS, TECHNOLOGY_SLUGS, technologies } from "../../app/lib/technologies";
import { SEARCH_LIMITS, searchQuestions } from "../questions/question-search";
import { TYPE_CHECK_LIMITS, type TypeCheckResult as CheckerResult, TypeCheckUnavailable } from "../challenges/type-check";
import { clientKey } from "../http/client-address";
import {
  challengeTests,
  countQuestions,
  decodeListCursor,
  findQuestion,
  listQuestionSummaries,
  listQuestions,
} from "../questions/question-service";
import { questionHtml } from "../../app/features/questions/question-html";
import { consume } from "../rate-limit/rate-limiter";
import { errorBody, errorResponse, jsonBody, jsonResponse, rateLimited } from "./errors";
import type { ApiEnv } from "./types";

const Level = z.enum(LEVELS).openapi({ description: "beginner = List 1, advance = List 2, expert = List 3" });
const Kind = z.enum(KINDS);
const LevelCounts = z.object({ beginner: z.number(), advance: z.number(), expert: z.number() });

const QuestionSummary = z
  .object({ id: z.string(), technology: z.string(), kind: Kind, level: Level, title: z.string(), tags: z.array(z.string()) })
  .openapi("QuestionSummary");

const Code = z.object({ lang: z.string(), source: z.string() });
const Question = QuestionSummary.extend({
  promptHtml: z.string().nullable(),
  answerHtml: z.string().nullable().openapi({ description: "theory: the short answer (sanitised HTML)" }),
  explanationHtml: z.string().nullable(),
  statementHtml: z.string().nullable().openapi({ description: "program: the task" }),
  keyPoints: z.array(z.string()).openapi({ description: "Inline HTML, one per key point" }),
  code: Code.extend({ html: z.string() }).nullable().openapi({ description: "console: the snippet, with highlighted HTML" }),
  options: z.array(z.string()).nullable(),
  correctOption: z.number().nullable().openapi({ description: "Index into options" }),
  output: z.string().nullable(),
  outputPostgres: z.string().nullable(),
  starter: Code.nullable(),
  solution: Code.extend({ html: z.string() }).nullable(),
  tests: Code.nullable(),
}).openapi("Question");
const QuestionWithHtml = QuestionSummary.extend({
  html: z.string().openapi({ description: "The body as a list item shows it (server-rendered HTML)" }),
  practiceHtml: z.string().nullable().openapi({ description: "theory: the body in practice mode; null where it is the same as html" }),
}).openapi("QuestionWithHtml");

const technologiesRoute = createRoute({
  method: "get",
  path: "/technologies",
  tags: ["Questions"],
  summary: "The technologies with published question counts per kind and level",
  responses: {
    200: jsonResponse(
      z.object({
        technologies: z.array(
          z.object({
            slug: z.string(),
            name: z.string(),
            total: z.number(),
            counts: z.object({ theory: LevelCounts, console: LevelCounts, program: LevelCounts }),
          }),
        ),
      }),
      "Every technology, with zero counts where there are no questions yet",
    ),
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Questions"],
  summary: "Questions of a technology, filtered by kind, level and tag, in list order (keyset pages)",
  request: {
    query: z.object({
      technology: z.enum(TECHNOLOGY_SLUGS),
      kind: Kind.optional(),
      level: Level.optional(),
      tag: z.string().max(60).optional(),
      after: z.string().max(500).optional().openapi({ description: "nextCursor of the previous page" }),
      limit: z
        .string()
        .regex(/^([1-9]\d?|100)$/, "must be a whole number from 1 to 100")
        .optional(),
      include: z
        .enum(["content", "html"])
        .optional()
        .openapi({
          description:
            "content: each question whole (answer, explanation, code) as data. html: each summary with its body as the " +
            "list page shows it, server-rendered HTML (`html`; `practiceHtml` for theory in practice mode, answer behind " +
            "Show answer), which the list's island puts in place as an item opens",
        }),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({ questions: z.array(z.union([Question, QuestionWithHtml, QuestionSummary])), nextCursor: z.string().nullable() }),
      "One page: summaries, whole questions with include=content, or summaries with their HTML with include=html",
    ),
    400: errorResponse("A bad filter"),
  },
});

const detailRoute = createRoute({
  method: "get",
  path: "/{technology}/{id}",
  tags: ["Questions"],
  summary: "One question with its answer, explanation, output or solution",
  request: { params: z.object({ technology: z.enum(TECHNOLOGY_SLUGS), id: z.string().min(1).max(120) }) },
  responses: {
    200: jsonResponse(
      z.object({
        question: Question,
        previous: QuestionSummary.nullable(),
        next: QuestionSummary.nullable(),
        related: z.array(QuestionSummary),
      }),
      "The question and its neighbours in its list",
    ),
    400: errorResponse("An unknown technology"),
    404: errorResponse("No such question"),
  },
});

const Marked = z
  .array(z.tuple([z.string(), z.boolean()]))
  .openapi("MarkedText", { description: "The text in parts: [text, isMatch]; render matches highlighted, as text (not HTML)" });

const searchRoute = createRoute({
  method: "get",
  path: "/search",
  tags: ["Questions"],
  summary: "Full-text search over titles, prompts, answers and tags, ranked, with the matches marked",
  request: {
    query: z.object({
      q: z.string().max(SEARCH_LIMITS.query, `A search can be at most ${SEARCH_LIMITS.query} characters.`),
      technology: z.enum(TECHNOLOGY_SLUGS).optional(),
      tech: z.enum(TECHNOLOGY_SLUGS).optional().openapi({ description: "The technology searched from: its questions rank first" }),
      kind: Kind.optional(),
      level: Level.optional(),
      page: z
        .string()
        .regex(/^([1-9]|10)$/, "must be a whole number from 1 to 10")
        .optional(),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({
        hits: z.array(
          z
            .object({ id: z.string(), technology: z.string(), kind: Kind, level: Level, title: Marked, snippet: Marked })
            .openapi("SearchHit"),
        ),
      }),
      `Up to ${SEARCH_LIMITS.pageSize} hits, best first`,
    ),
    400: errorResponse("A bad query or filter"),
  },
});

export const TYPE_CHECK_RULES = { codeLength: 50_000, perWindow: 60, windowMs: 5 * 60_000 } as const;
export const typeCheckMessages = {
  notTypeScript: "This question is not a TypeScript challenge.",
  tooLong: `The code is longer than ${TYPE_CHECK_RULES.codeLength.toLocaleString("en")} characters.`,
  rateLimited: "You have checked your code many times in a short while. Please wait a few minutes and try again.",
  timeout: `Type-checking your code took longer than ${TYPE_CHECK_LIMITS.timeoutMs / 1000} seconds. Simplify the types and try again.`,
  busy: "The type checker is busy. Please try again in a moment.",
} as const;

const TypeErrorAt = z.object({ line: z.number(), column: z.number(), message: z.string() });
export const TypeCheckResult = z
  .object({
    codeErrors: z.array(TypeErrorAt).openapi({ description: "Errors in your code (lines of your code)" }),
    testErrors: z.array(TypeErrorAt.extend({ test: z.string() })).openapi({ description: "Errors inside a test: that test fails" }),
    otherErrors: z.array(TypeErrorAt.partial()),
  })
  .openapi("TypeCheckResult");
const typeCheckRoute = createRoute({
  method: "post",
  path: "/{technology}/{id}/typecheck",
  tags: ["Questions"],
  summary: "Compile your code for a TypeScript challenge with its tests under tsc --strict; type-level tests pass only here",
  request: {
    params: z.object({ technology: z.enum(TECHNOLOGY_SLUGS), id: z.string().min(1).max(120) }),
    body: jsonBody(z.object({ code: z.string().max(TYPE_CHECK_RULES.codeLength, typeCheckMessages.tooLong) })),
  },
  responses: {
    200: jsonResponse(TypeCheckResult, "The compiler's errors; all three lists empty when the code type-checks"),
    400: errorResponse("No code, or longer than the limit"),
    404: errorResponse("No such TypeScript challenge"),
    429: errorResponse("Too many checks from this client; see Retry-After"),
    503: errorResponse("The check took too long, or the checker is busy"),
  },
});

export const questionsRouter = new OpenAPIHono<ApiEnv>();
// Visitors' reads are kept by the page cache until the question bank changes.
questionsRouter.use("*", cacheableFor("questions"));

questionsRouter
  .openapi(searchRoute, async (c) => {
    const { q, technology, tech, kind, level, page } = c.req.valid("query");
    return c.json(
      { hits: await searchQuestions(c.var.services, q, { technology, kind, level, prefer: tech }, page ? Number(page) : 1) },
      200,
    );
  })
  .openapi(technologiesRoute, async (c) => {
    const counts = await countQuestions(c.var.services);
    return c.json(
      {
        technologies: technologies.map(({ slug, name }) => {
          const { total, ...byKind } = counts[slug];
          return { slug, name, total, counts: byKind };
        }),
      },
      200,
    );
  })
  .openapi(listRoute, async (c) => {
    const { technology, kind, level, tag, after, limit, include } = c.req.valid("query");
    const args = [c.var.services, { technology, kind, level, tag }, decodeListCursor(after), limit ? Number(limit) : 50] as const;
    if (include === "html") {
      const page = await listQuestions(...args);
      return c.json({ questions: page.questions.map(questionHtml), nextCursor: page.nextCursor }, 200);
    }
    return c.json(await (include === "content" ? listQuestions : listQuestionSummaries)(...args), 200);
  })
  .openapi(detailRoute, async (c) => {
    const { technology, id } = c.req.valid("param");
    const found = await findQuestion(c.var.services, technology, id);
    if (!found) return c.json(errorBody("not_found", "No question was found at this address."), 404);
    return c.json(found, 200);
  })
  .openapi(typeCheckRoute, async (c) => {
    const { services } = c.var;
    const { technology, id } = c.req.valid("param");
    const tests = await challengeTests(services, technology, id);
    if (!tests || tests.lang !== "ts") return c.json(errorBody("not_found", typeCheckMessages.notTypeScript), 404);
    return typeCheckResponse(c, tests.source, c.req.valid("json").code, id);
  });

/**
 * Compiles a TypeScript challenge's code with its tests, under the per-client limit: the
 * challenge pages' check and a mock interview's coding task answer the same way.
 */
export function typeCheckResponse(c: Context<ApiEnv>, tests: string, code: string, questionId: string) {
  return checkedTypesResponse(c, (client) => c.var.services.typeChecker.check(code, tests, client), { question: questionId });
}

/**
 * The checker's answer as the API gives it, under the per-client limit shared by every
 * type check (challenges, interviews, the live compiler): 200 with the errors, 429, or 503.
 */
export async function checkedTypesResponse(
  c: Context<ApiEnv>,
  check: (client: string) => Promise<CheckerResult>,
  logContext: Record<string, string>,
) {
  const { services } = c.var;
  const client = clientKey(c, services);
  const rate = await consume(services.database.db, `typecheck:${client}`, {
    limit: TYPE_CHECK_RULES.perWindow,
    windowMs: TYPE_CHECK_RULES.windowMs,
  });
  if (!rate.allowed) return rateLimited(c, rate.retryAfterSeconds, typeCheckMessages.rateLimited);
  try {
    // The checker shares its time out per client too (issue #31): the same key as the limit.
    return c.json(await check(client), 200);
  } catch (error) {
    if (!(error instanceof TypeCheckUnavailable)) throw error;
    const timedOut = error.reason === "timeout";
    if (timedOut) services.logger.warn(logContext, "type check timed out");
    // Out of memory, most likely: the checker process was replaced.
    if (error.reason === "failed") services.logger.warn(logContext, "type check failed");
    return c.json(errorBody("unavailable", timedOut ? typeCheckMessages.timeout : typeCheckMessages.busy), 503);
  }
}
