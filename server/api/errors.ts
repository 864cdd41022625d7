import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "@hono/zod-openapi";

/** The one error shape every API response uses (STYLE.md §5). */
export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "invalid_request" }),
      message: z.string().openapi({ example: "email: Invalid email address" }),
    }),
  })
  .openapi("Error");

export type ErrorCode =
  | "invalid_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "deadline_passed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "unavailable"
  | "internal";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function errorBody(code: ErrorCode, message: string) {
  return { error: { code, message } };
}

/** 429 with Retry-After: the one answer to a client over a rate limit. */
export function rateLimited(c: Context, retryAfterSeconds: number, message: string) {
  c.header("Retry-After", String(retryAfterSeconds));
  return c.json(errorBody("rate_limited", message), 429);
}

/** PostgreSQL cannot store the NUL character: every field refuses it, in the API and page forms alike. */
export const NUL_REFUSED = "The request contains a NUL character, which no field accepts.";

/** Turns zod issues into one readable sentence: "field: problem; other: problem". */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** A JSON response of this schema, for a route's `responses`. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

/** A JSON request body of this schema, for a route's `request`. */
export function jsonBody<T extends z.ZodType>(schema: T, required = true) {
  return { content: { "application/json": { schema } }, required };
}

export function errorResponse(description: string) {
  return jsonResponse(ErrorSchema, description);
}

/** Who may call a route, for the OpenAPI document: the session cookie or a bearer token. */
export const signedInSecurity: { [scheme: string]: string[] }[] = [{ session: [] }, { bearer: [] }];
export const signedInErrors = { 401: errorResponse("Not signed in") };
export const adminErrors = { ...signedInErrors, 403: errorResponse("Signed in, but not an administrator") };
