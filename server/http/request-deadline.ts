import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { timeout } from "hono/timeout";
import { errorBody } from "../api/errors";

export const TOO_SLOW = "The server took too long to answer. Please try again.";
export const NO_SUCH_PAGE = "There is nothing at this address.";

/**
 * Every request is answered within `ms` (REQUEST_TIMEOUT_MS), whatever happens behind it: past
 * that it gets 503 and its connection is free again (issue #31, H-1). The deadline is for the
 * answer to start; a page or event stream may go on streaming after it.
 */
export function requestDeadline(ms: number): MiddlewareHandler {
  return timeout(ms, (c) => {
    const api = c.req.path.startsWith("/api/");
    const res = api
      ? Response.json(errorBody("unavailable", TOO_SLOW), { status: 503, headers: { "Retry-After": "5" } })
      : new Response(TOO_SLOW, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" } });
    return new HTTPException(503, { res });
  });
}

/**
 * No page or endpoint has a path segment that is literally `*` (or `%2A`), and Hono's
 * TrieRouter runs wildcard middleware twice for one (honojs/hono#5370, still so in 4.13.23),
 * so such paths are answered 404 before any other middleware sees them.
 */
export function literalWildcardSegments(): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.path.split("/").includes("*")) return next();
    return c.req.path.startsWith("/api/")
      ? c.json(errorBody("not_found", "There is no API endpoint at this address."), 404)
      : c.text(NO_SUCH_PAGE, 404);
  };
}
