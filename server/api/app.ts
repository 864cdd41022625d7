import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { accountRouter } from "./account";
import { adminRouter } from "./admin";
import { authRouter } from "./auth";
import { blogRouter } from "./blog";
import { compilerRouter } from "./compiler";
import { contactRouter } from "./contact";
import { ApiError, NUL_REFUSED, describeIssues, errorBody } from "./errors";
import { docsRouter } from "./docs";
import { healthRouter } from "./health";
import type { ApiEnv } from "./types";
import { progressRouter } from "./progress";
import { questionsRouter } from "./questions";
import { interviewsRouter } from "./interviews";
import { quizzesRouter } from "./quizzes";
import { roomsRouter } from "./rooms";
import { snippetsRouter } from "./snippets";
import { uploadsRouter } from "./uploads";
import { vitalsRouter } from "./vitals";
import { isAnonymousRequest } from "../http/page-cache";

/** `\u0000` in JSON text, unless its backslash is itself escaped (`\\u0000` is the six characters). */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/;

/**
 * The JSON API under /api: one router per resource (Hono's guides), zod-validated input,
 * the one error shape, and the OpenAPI document that a mobile client is built against.
 */
export function createApi() {
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(errorBody("invalid_request", describeIssues(result.error.issues)), 400);
    },
  }).basePath("/api");

  // Request bodies are limited (413) in front of the API and the pages alike: server/http/body-limit.ts.

  // Issue #31: what the API answers a session (cookie or bearer) is that reader's, and what
  // /api/auth answers can hold a token: no cache, the browser's or one on the way, keeps it.
  // Visitors' reads keep their page-cache headers, and so does what a router marked public.
  api.use("*", async (c, next) => {
    await next();
    const personal = !isAnonymousRequest(c.req.header("Cookie"), c.req.header("Authorization")) || c.req.path.startsWith("/api/auth/");
    if (personal && !/\bpublic\b/.test(c.res.headers.get("Cache-Control") ?? "")) c.res.headers.set("Cache-Control", "no-store");
  });

  // PostgreSQL cannot store the NUL character (SQLite can): refuse it at the door, in the address
  // or in JSON, rather than fail in the database, so both databases answer alike. Better-auth
  // reads the request itself, so its body is read from a copy.
  api.use("*", async (c, next) => {
    const json = (c.req.header("Content-Type") ?? "").includes("json") && c.req.method !== "GET" && c.req.method !== "HEAD";
    const body = () => (c.req.path.startsWith("/api/auth/") ? c.req.raw.clone().text() : c.req.text());
    if (/%00/.test(c.req.url) || (json && ESCAPED_NUL.test(await body()))) {
      return c.json(errorBody("invalid_request", NUL_REFUSED), 400);
    }
    return next();
  });

  api.route("/auth", authRouter);
  api.route("/admin", adminRouter);
  api.route("/questions", questionsRouter);
  api.route("/progress", progressRouter);
  api.route("/quizzes", quizzesRouter);
  api.route("/interviews", interviewsRouter);
  api.route("/account", accountRouter);
  api.route("/rooms", roomsRouter);
  api.route("/snippets", snippetsRouter);
  api.route("/compiler", compilerRouter);
  api.route("/blog", blogRouter);
  api.route("/uploads", uploadsRouter);
  api.route("/health", healthRouter);
  api.route("/contact", contactRouter);
  api.route("/vitals", vitalsRouter);
  api.route("/docs", docsRouter);

  api.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description: "The session cookie set by POST /api/auth/sign-in/email (browsers).",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description:
      "For the mobile app: the `token` returned by POST /api/auth/sign-in/email or /sign-up/email (also sent in the " +
      "`set-auth-token` response header), as `Authorization: Bearer <token>`.",
  });

  api.doc31("/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: `${c.var.services.config.site.name} API`,
      version: "1",
      description:
        "The JSON API behind the website and the mobile app. Errors always have the shape " + '`{ "error": { "code", "message" } }`.',
    },
    servers: [{ url: c.var.services.config.baseUrl }],
  }));

  // Mounted under the page renderer's catch-all, so an unknown /api path must end here.
  api.all("/*", (c) => c.json(errorBody("not_found", "There is no API endpoint at this address."), 404));

  api.onError((error, c) => {
    if (error instanceof ApiError) return c.json(errorBody(error.code, error.message), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx (for example malformed JSON): keep its status, use our shape.
      return c.json(errorBody("invalid_request", error.message || "The request is not valid."), error.status);
    }
    c.var.services.logger.error({ err: error, requestId: c.var.requestId }, "API request failed");
    return c.json(errorBody("internal", "Something went wrong on our side. Please try again."), 500);
  });

  return api;
}
