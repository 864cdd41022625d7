import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorBody } from "../api/errors";
import type { ApiEnv } from "../api/types";
import { uploadMessages } from "../api/uploads";
import { UPLOAD_LIMITS } from "../uploads/image-upload";

/** No form or JSON body the site takes comes near this; only the image upload needs more. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The image plus the multipart envelope. */
export const UPLOAD_BODY_LIMIT_BYTES = UPLOAD_LIMITS.bytes + 64 * 1024;

export const bodyLimitMessages = {
  tooLarge: "The request body is too large.",
} as const;

/**
 * The one body limit (issue #31, M-6), in front of the API and the pages' form actions alike:
 * a larger body gets 413 before anything reads it. A Content-Length over the limit is refused
 * unread; a body without one (chunked) is read only until it passes the limit. GET and HEAD are
 * left alone: their bodies are never read, and the limiter's wrapping costs a GET ~40%.
 */
export function bodyLimits(): MiddlewareHandler<ApiEnv> {
  const refuse = (message: string) => (c: Context) =>
    c.req.path.startsWith("/api/") ? c.json(errorBody("payload_too_large", message), 413) : c.text(message, 413);
  const limitBody = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: refuse(bodyLimitMessages.tooLarge) });
  const limitUpload = bodyLimit({ maxSize: UPLOAD_BODY_LIMIT_BYTES, onError: refuse(uploadMessages.tooLarge) });
  return (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return c.req.path.startsWith("/api/uploads/") ? limitUpload(c, next) : limitBody(c, next);
  };
}
