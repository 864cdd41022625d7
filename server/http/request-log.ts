import crypto from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { ApiEnv } from "../api/types";
import type { Logger } from "../logger";

const incomingId = /^[A-Za-z0-9._-]{8,100}$/;

/**
 * One structured line per request: id, method, path, status, duration. Query strings
 * and headers are left out on purpose: they can carry tokens.
 */
export function requestLog(logger: Logger): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header("X-Request-Id");
    const requestId = given && incomingId.test(given) ? given : crypto.randomUUID();
    c.set("requestId", requestId);
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}
