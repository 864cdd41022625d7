import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { KINDS, LEVELS, TECHNOLOGY_SLUGS } from "../../app/lib/technologies";
import {
  CHALLENGE_CODE_LIMIT,
  challengeCode,
  listBookmarks,
  marksInTechnology,
  progressByTechnology,
  saveChallengeCode,
  setMark,
} from "../progress/progress-service";
import { signedIn, userOf } from "./access";
import { errorBody, errorResponse, signedInErrors, jsonResponse, jsonBody } from "./errors";
import type { ApiEnv } from "./types";

const Mark = z.object({ done: z.boolean(), bookmarked: z.boolean() }).openapi("ProgressMark");

const overview = createRoute({
  method: "get",
  path: "/",
  tags: ["Progress"],
  summary: "Your questions done, against the published total, per technology",
  ...signedIn(),
  responses: {
    200: jsonResponse(
      z.object({ technologies: z.record(z.string(), z.object({ done: z.number(), total: z.number() })) }),
      "Progress per technology slug",
    ),
    ...signedInErrors,
  },
});

const marks = createRoute({
  method: "get",
  path: "/questions",
  tags: ["Progress"],
  summary: "Your marks (done, bookmarked) on the questions of one technology",
  ...signedIn(),
  request: { query: z.object({ technology: z.enum(TECHNOLOGY_SLUGS) }) },
  responses: {
    200: jsonResponse(z.object({ marks: z.record(z.string(), Mark) }), "Marks by question id; questions without a mark are absent"),
    400: errorResponse("An unknown technology"),
    ...signedInErrors,
  },
});

const update = createRoute({
  method: "put",
  path: "/questions/{id}",
  tags: ["Progress"],
  summary: "Mark a question done or not, bookmarked or not",
  ...signedIn(),
  request: {
    params: z.object({ id: z.string().min(1).max(120) }),
    body: jsonBody(
      z
        .object({ done: z.boolean().optional(), bookmarked: z.boolean().optional() })
        .refine((b) => b.done !== undefined || b.bookmarked !== undefined, { message: "Send done, bookmarked or both." }),
    ),
  },
  responses: {
    200: jsonResponse(Mark, "The question's marks now"),
    400: errorResponse("Neither done nor bookmarked, or not booleans"),
    ...signedInErrors,
    404: errorResponse("No such question"),
  },
});

const bookmarks = createRoute({
  method: "get",
  path: "/bookmarks",
  tags: ["Progress"],
  summary: "Your bookmarked questions, newest bookmark first",
  ...signedIn(),
  responses: {
    200: jsonResponse(
      z.object({
        bookmarks: z.array(
          z.object({
            id: z.string(),
            technology: z.string(),
            kind: z.enum(KINDS),
            level: z.enum(LEVELS),
            title: z.string(),
            done: z.boolean(),
            bookmarkedAt: z.string(),
          }),
        ),
      }),
      "Bookmarks",
    ),
    ...signedInErrors,
  },
});

const CodeState = z.object({ code: z.string().nullable(), solvedAt: z.string().nullable() }).openapi("ChallengeCode");

const readCode = createRoute({
  method: "get",
  path: "/questions/{id}/code",
  tags: ["Progress"],
  summary: "Your saved code for a programming challenge, and when you first solved it",
  ...signedIn(),
  request: { params: z.object({ id: z.string().min(1).max(120) }) },
  responses: {
    200: jsonResponse(CodeState, "Saved code (null when none yet)"),
    ...signedInErrors,
  },
});

const saveCode = createRoute({
  method: "put",
  path: "/questions/{id}/code",
  tags: ["Progress"],
  summary: "Save your code for a challenge; solved: true records the solve and marks the question done",
  description:
    "`solved` is the client's word: the tests ran in the browser and the server does not run them again. It only " +
    "changes the user's own progress (docs/decisions/017-what-the-server-verifies.md).",
  ...signedIn(),
  request: {
    params: z.object({ id: z.string().min(1).max(120) }),
    body: jsonBody(z.object({ code: z.string(), solved: z.boolean().optional() })),
  },
  responses: {
    200: jsonResponse(z.object({ solvedAt: z.string().nullable() }), "Saved"),
    400: errorResponse("Not valid"),
    ...signedInErrors,
    404: errorResponse("No such challenge"),
    413: errorResponse(`Larger than ${CHALLENGE_CODE_LIMIT / 1024} KB`),
  },
});

export const progressRouter = new OpenAPIHono<ApiEnv>()
  .openapi(readCode, async (c) => {
    const saved = await challengeCode(c.var.services, userOf(c), c.req.valid("param").id);
    return c.json({ code: saved?.code ?? null, solvedAt: saved?.solvedAt ?? null }, 200);
  })
  .openapi(saveCode, async (c) => {
    const result = await saveChallengeCode(c.var.services, userOf(c), c.req.valid("param").id, c.req.valid("json"));
    if (result.kind === "no-challenge") return c.json(errorBody("not_found", "No programming challenge was found at this address."), 404);
    if (result.kind === "too-large")
      return c.json(errorBody("payload_too_large", `The code is larger than ${CHALLENGE_CODE_LIMIT / 1024} KB.`), 413);
    return c.json({ solvedAt: result.solvedAt }, 200);
  })
  .openapi(overview, async (c) => c.json({ technologies: await progressByTechnology(c.var.services, userOf(c)) }, 200))
  .openapi(marks, async (c) => c.json({ marks: await marksInTechnology(c.var.services, userOf(c), c.req.valid("query").technology) }, 200))
  .openapi(update, async (c) => {
    const result = await setMark(c.var.services, userOf(c), c.req.valid("param").id, c.req.valid("json"));
    if (result.kind === "no-question") return c.json(errorBody("not_found", "No question was found at this address."), 404);
    return c.json(result.mark, 200);
  })
  .openapi(bookmarks, async (c) => c.json({ bookmarks: await listBookmarks(c.var.services, userOf(c)) }, 200));
