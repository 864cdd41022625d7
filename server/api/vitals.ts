import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { errorResponse, jsonBody } from "./errors";
import type { ApiEnv } from "./types";

// Core Web Vitals measured in visitors' browsers (app/lib/web-vitals.ts), logged so
// that real-user performance shows up beside the request logs.
const VitalSchema = z
  .object({
    name: z.enum(["CLS", "FCP", "INP", "LCP", "TTFB"]),
    value: z.number().finite().min(0).max(600_000),
    rating: z.enum(["good", "needs-improvement", "poor"]),
    path: z.string().max(500).startsWith("/"),
  })
  .openapi("WebVital");

const route = createRoute({
  method: "post",
  path: "/",
  tags: ["System"],
  summary: "Report one Core Web Vitals measurement",
  request: { body: jsonBody(VitalSchema) },
  responses: {
    204: { description: "Recorded" },
    400: errorResponse("The measurement is malformed"),
  },
});

export const vitalsRouter = new OpenAPIHono<ApiEnv>().openapi(route, (c) => {
  const vital = c.req.valid("json");
  c.var.services.logger.info({ vital, requestId: c.var.requestId }, "web vital");
  return c.body(null, 204);
});
