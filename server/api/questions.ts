import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { KINDS, LEVELS, TECHNOLOGY_SLUGS, technologies } from "../../app/lib/technologies";
import { SEARCH_LIMITS, searchQuestions } from "../questions/question-search";
import { countQuestions, decodeListCursor, findQuestion, listQuestionSummaries } from "../questions/question-service";
import { errorBody, errorResponse, jsonResponse } from "./errors";
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
    }),
  },
  responses: {
    200: jsonResponse(z.object({ questions: z.array(QuestionSummary), nextCursor: z.string().nullable() }), "One page"),
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

export const questionsRouter = new OpenAPIHono<ApiEnv>()
  .openapi(searchRoute, async (c) => {
    const { q, technology, kind, level, page } = c.req.valid("query");
    return c.json({ hits: await searchQuestions(c.var.services, q, { technology, kind, level }, page ? Number(page) : 1) }, 200);
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
    const { technology, kind, level, tag, after, limit } = c.req.valid("query");
    const page = await listQuestionSummaries(
      c.var.services,
      { technology, kind, level, tag },
      decodeListCursor(after),
      limit ? Number(limit) : 50,
    );
    return c.json(page, 200);
  })
  .openapi(detailRoute, async (c) => {
    const { technology, id } = c.req.valid("param");
    const found = await findQuestion(c.var.services, technology, id);
    if (!found) return c.json(errorBody("not_found", "No question was found at this address."), 404);
    return c.json(found, 200);
  });
