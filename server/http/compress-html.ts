import type { MiddlewareHandler } from "hono";

/**
 * Pages are sent gzip-compressed to clients that accept it (a question list's HTML shrinks
 * about 6×, which is most of its load time on a slow phone). Only HTML: the API's event streams
 * must not wait in a compressor's buffer, and static assets are compressed at build time.
 */
export function compressHtml(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has("Content-Encoding") || !(res.headers.get("Content-Type") ?? "").startsWith("text/html")) return;
    if (!/\bgzip\b/.test(c.req.header("Accept-Encoding") ?? "")) return;
    const headers = new Headers(res.headers);
    headers.set("Content-Encoding", "gzip");
    headers.append("Vary", "Accept-Encoding");
    headers.delete("Content-Length");
    c.res = new Response(res.body.pipeThrough(new CompressionStream("gzip")), { status: res.status, statusText: res.statusText, headers });
  };
}
