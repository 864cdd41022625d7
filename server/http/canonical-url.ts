import type { MiddlewareHandler } from "hono";

/**
 * One address per page (issue #14): a page asked for with a trailing slash, doubled slashes or
 * capitals where our addresses have none is sent to its canonical address with a 301, so search
 * engines and shared links agree on one URL. The query string goes along.
 *
 * Only the path's first segment is lowercased (every page's first segment is lowercase), and the
 * whole path of a question page (question ids are lowercase); other ids — interviews, quizzes,
 * shared snippets — are case-sensitive random strings and are left alone.
 */
const PASS_THROUGH = /^\/(api|assets|vendor|sandbox|uploads)(\/|$)/;

export function canonicalPath(path: string): string {
  let canonical = path.replace(/\/{2,}/g, "/");
  if (canonical.length > 1 && canonical.endsWith("/")) canonical = canonical.replace(/\/+$/, "") || "/";
  const [, first = "", rest = ""] = /^\/([^/]*)(.*)$/.exec(canonical) ?? [];
  if (/-questions$/i.test(first)) return canonical.toLowerCase();
  return `/${first.toLowerCase()}${rest}`;
}

export function canonicalUrls(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    const url = new URL(c.req.url);
    if ((method !== "GET" && method !== "HEAD") || PASS_THROUGH.test(url.pathname)) return next();
    const canonical = canonicalPath(url.pathname);
    if (canonical === url.pathname) return next();
    return c.redirect(`${canonical}${url.search}`, 301);
  };
}
