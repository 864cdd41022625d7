import type { MiddlewareHandler } from "hono";
import { type Role, type SessionUser, currentUser } from "../users/user-service";
import { errorBody, signedInSecurity } from "./errors";
import type { ApiEnv } from "./types";

/**
 * The server is the gate (docs/security.md, V8 Authorization): routes behind this see
 * `c.var.user`, and only when the session (cookie or bearer token) belongs to a user with
 * the role.
 */
export function requireUser(role: Role = "user"): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const user = await currentUser(c.var.services, c.req.raw.headers);
    if (!user) return c.json(errorBody("unauthorized", "Please log in first."), 401);
    if (role === "admin" && user.role !== "admin") return c.json(errorBody("forbidden", "This needs an administrator."), 403);
    (c as unknown as { set(key: "user", value: SessionUser): void }).set("user", user);
    await next();
  };
}

/** The signed-in user set by requireUser (for handlers behind it). */
export function userOf(c: { get(key: never): unknown }): SessionUser {
  return c.get("user" as never) as SessionUser;
}

/**
 * For createRoute: signed-in users only, both in the OpenAPI document (security) and on
 * the server (requireUser).
 */
export function signedIn() {
  return { security: signedInSecurity, middleware: requireUser() };
}
