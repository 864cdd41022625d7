import type { MiddlewareHandler } from "hono";

export const pageFormMessages = {
  notAForm: "This page accepts only form submissions.",
  unreadable: "The form could not be read. Please send it again.",
} as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * In front of the page renderer (issue #31): a page's action reads its request as a form
 * (`request.formData()`), which throws on anything else (JSON, no body, a multipart body that
 * does not parse), and React Router answers an action that throws with a 500 page. Such
 * requests get their 4xx here instead, for every page at once: 415 when the body is not a form,
 * 400 when a multipart form cannot be read. A multipart body is parsed on a copy first; it is at
 * most 1 MB (body-limit.ts) and page forms are rare. URL-encoded forms always parse.
 */
export function pageForms(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const type = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type === "application/x-www-form-urlencoded") return next();
    if (type !== "multipart/form-data") return c.text(pageFormMessages.notAForm, 415);
    const readable = await c.req.raw
      .clone()
      .formData()
      .then(
        () => true,
        () => false,
      );
    return readable ? next() : c.text(pageFormMessages.unreadable, 400);
  };
}
