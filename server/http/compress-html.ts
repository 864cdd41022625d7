import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { chooseEncoding } from "./page-cache";

/**
 * Pages rendered per request are sent compressed to clients that accept it (HTML shrinks
 * about 8×, which is most of a page's load time on a slow phone). Only HTML: the API's
 * event streams must not wait in a compressor's buffer, and static assets are compressed at
 * build time.
 *
 * The levels are for work done on every request: Brotli quality 4 makes a 270 kB page smaller
 * than gzip's default level does, in half its time; gzip level 4 (for clients without Brotli) is
 * within 4 % of level 6's size for 60 % of its time. Cached pages are compressed once, harder
 * (server/http/page-cache.ts).
 */
const compressors = {
  br: () =>
    zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      },
    }),
  gzip: () => zlib.createGzip({ level: 4 }),
};

export function compressHtml(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has("Content-Encoding") || !(res.headers.get("Content-Type") ?? "").startsWith("text/html")) return;
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    const headers = new Headers(res.headers);
    headers.set("Content-Encoding", encoding);
    headers.append("Vary", "Accept-Encoding");
    headers.delete("Content-Length");
    const compressed = Readable.fromWeb(res.body as NodeWebStream<Uint8Array>).pipe(compressors[encoding]());
    c.res = new Response(Readable.toWeb(compressed) as ReadableStream<Uint8Array>, {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  };
}
