import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { errorResponse, jsonBody, jsonResponse } from "./errors";
import { TYPE_CHECK_RULES, TypeCheckResult, checkedTypesResponse, typeCheckMessages } from "./questions";
import type { ApiEnv } from "./types";

/**
 * The live compiler's TypeScript check (issue #33): the program compiled alone under
 * tsc --strict by the server's checker (docs/decisions/006), never shipped to the browser.
 * The compiler runs the program whatever the answer, as tsc with noEmitOnError false.
 */
const typeCheck = createRoute({
  method: "post",
  path: "/typecheck",
  tags: ["Compiler"],
  summary: "Compile a TypeScript program from the live compiler under tsc --strict; its errors come back in codeErrors",
  request: {
    body: jsonBody(z.object({ code: z.string().max(TYPE_CHECK_RULES.codeLength, typeCheckMessages.tooLong) })),
  },
  responses: {
    200: jsonResponse(TypeCheckResult, "The compiler's errors, on the program's lines; codeErrors empty when it type-checks"),
    400: errorResponse("No code, or longer than the limit"),
    429: errorResponse("Too many checks from this client; see Retry-After"),
    503: errorResponse("The check took too long, or the checker is busy"),
  },
});

export const compilerRouter = new OpenAPIHono<ApiEnv>().openapi(typeCheck, (c) => {
  const { code } = c.req.valid("json");
  return checkedTypesResponse(c, (client) => c.var.services.typeChecker.checkProgram(code, client), { check: "compiler" }) as never;
});
