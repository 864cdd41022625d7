import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { leaderboardVisibility, setLeaderboardVisibility } from "../quiz/quiz-service";
import { signedIn, userOf } from "./access";
import { errorResponse, jsonBody, jsonResponse, signedInErrors } from "./errors";
import type { ApiEnv } from "./types";

const Preferences = z
  .object({ showOnLeaderboards: z.boolean().openapi({ description: "Show your name on the quiz leaderboards (the default)" }) })
  .openapi("AccountPreferences");

const read = createRoute({
  method: "get",
  path: "/preferences",
  tags: ["Account"],
  summary: "Your account settings",
  ...signedIn(),
  responses: { 200: jsonResponse(Preferences, "Your settings"), ...signedInErrors },
});

const update = createRoute({
  method: "put",
  path: "/preferences",
  tags: ["Account"],
  summary: "Change your account settings",
  ...signedIn(),
  request: { body: jsonBody(Preferences) },
  responses: { 200: jsonResponse(Preferences, "Your settings now"), 400: errorResponse("Not valid"), ...signedInErrors },
});

/** Account settings of our own (better-auth's endpoints under /api/auth cover name, email and password). */
export const accountRouter = new OpenAPIHono<ApiEnv>()
  .openapi(read, async (c) => c.json({ showOnLeaderboards: await leaderboardVisibility(c.var.services, userOf(c)) }, 200))
  .openapi(update, async (c) => {
    const { showOnLeaderboards } = c.req.valid("json");
    await setLeaderboardVisibility(c.var.services, userOf(c), showOnLeaderboards);
    return c.json({ showOnLeaderboards }, 200);
  });
