import type { MiddlewareHandler } from "hono";
import { errorBody } from "../api/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Requests that change something are refused when a browser says another site sent them: a
 * form or script on evil.example posting to our API or to a page's action with the reader's
 * cookie (SameSite=Lax already keeps the session cookie off cross-site POSTs; this refuses the
 * request itself, signed in or not, and covers sibling sub-domains). Browsers say so in
 * `Sec-Fetch-Site`, older ones only in `Origin`; a request with neither comes from no browser
 * (the mobile app, curl) and carries no ambient cookie from a visit elsewhere.
 */
export function crossSiteGuard(ownOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header("Sec-Fetch-Site");
    const origin = c.req.header("Origin");
    const allowed =
      site !== undefined
        ? site === "same-origin" || site === "none"
        : origin === undefined || origin === ownOrigin || origin === new URL(c.req.url).origin;
    if (allowed) return next();
    const message = "Requests from other sites are not accepted.";
    return c.req.path.startsWith("/api/") ? c.json(errorBody("forbidden", message), 403) : c.text(message, 403);
  };
}
