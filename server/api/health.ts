import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { pingDatabase } from "../db/database";
import { jsonResponse } from "./errors";
import type { ApiEnv } from "./types";

const HealthSchema = z
  .object({
    status: z.enum(["ok", "error", "draining"]),
    db: z.enum(["ok", "unreachable"]),
  })
  .openapi("Health");

const route = createRoute({
  method: "get",
  path: "/",
  tags: ["System"],
  summary: "Liveness and database reachability",
  responses: {
    200: jsonResponse(HealthSchema, "The server and database answer"),
    503: jsonResponse(HealthSchema, "The database does not answer, or the server is shutting down (status draining)"),
  },
});

export const healthRouter = new OpenAPIHono<ApiEnv>().openapi(route, async (c) => {
  c.header("Cache-Control", "no-store");
  const dbOk = await pingDatabase(c.var.services.database.db);
  if (c.var.services.draining) return c.json({ status: "draining", db: dbOk ? "ok" : "unreachable" } as const, 503);
  if (dbOk) return c.json({ status: "ok", db: "ok" } as const, 200);
  return c.json({ status: "error", db: "unreachable" } as const, 503);
});
