import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { clientKey } from "../http/client-address";
import { SNIPPET_LANGUAGES, SNIPPET_LIMITS, createSnippet, findSnippet, listOwnSnippets } from "../snippets/snippet-service";
import { currentUser } from "../users/user-service";
import { signedIn, userOf } from "./access";
import { errorBody, errorResponse, signedInErrors, jsonResponse, jsonBody, rateLimited } from "./errors";
import type { ApiEnv } from "./types";

const Language = z.enum(SNIPPET_LANGUAGES);
const kilobytes = SNIPPET_LIMITS.bytes / 1024;
export const snippetMessages = {
  tooLarge: `The code is larger than ${kilobytes} KB and cannot be shared.`,
  rateLimited: "You have shared a lot of code in a short time. Please wait a while and try again.",
  notFound: "This shared code does not exist or was removed.",
} as const;

const create = createRoute({
  method: "post",
  path: "/",
  tags: ["Snippets"],
  summary: `Share code from the live compiler (at most ${kilobytes} KB); anyone may share`,
  request: {
    body: jsonBody(z.object({ language: Language, code: z.string().min(1, "There is no code to share.") })),
  },
  responses: {
    201: jsonResponse(z.object({ id: z.string(), url: z.string() }), "Shared"),
    400: errorResponse("No code, or an unknown language"),
    413: errorResponse(`Larger than ${kilobytes} KB`),
    429: errorResponse("Too many shares from this client; see Retry-After"),
  },
});

const read = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["Snippets"],
  summary: "A shared snippet",
  request: { params: z.object({ id: z.string().min(1).max(16) }) },
  responses: {
    200: jsonResponse(z.object({ id: z.string(), language: Language, code: z.string(), createdAt: z.string() }), "The snippet"),
    404: errorResponse("No such snippet"),
  },
});

const mine = createRoute({
  method: "get",
  path: "/mine",
  tags: ["Snippets"],
  summary: "Your shared snippets, newest first",
  ...signedIn(),
  responses: {
    200: jsonResponse(
      z.object({
        snippets: z.array(z.object({ id: z.string(), language: Language, firstLine: z.string(), createdAt: z.string() })),
      }),
      "Your snippets",
    ),
    ...signedInErrors,
  },
});

export const snippetsRouter = new OpenAPIHono<ApiEnv>()
  .openapi(mine, async (c) => c.json({ snippets: await listOwnSnippets(c.var.services, userOf(c)) }, 200))
  .openapi(create, async (c) => {
    const { services } = c.var;
    const author = await currentUser(services, c.req.raw.headers);
    const client = clientKey(c, services);
    const result = await createSnippet(services, c.req.valid("json"), author, client);
    if (result.kind === "too-large") return c.json(errorBody("payload_too_large", snippetMessages.tooLarge), 413);
    if (result.kind === "rate-limited") return rateLimited(c, result.retryAfterSeconds, snippetMessages.rateLimited);
    return c.json({ id: result.id, url: `${services.config.baseUrl}/compiler/${result.id}` }, 201);
  })
  .openapi(read, async (c) => {
    const snippet = await findSnippet(c.var.services, c.req.valid("param").id);
    if (!snippet) return c.json(errorBody("not_found", snippetMessages.notFound), 404);
    return c.json(snippet, 200);
  });
