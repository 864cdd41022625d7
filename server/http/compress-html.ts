import { once } from "node:events";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { type Encoding, chooseEncoding } from "./page-cache";

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
 *
 * Compression runs on libuv's threads as the page streams out, and whenever React pauses
 * (a Suspense boundary still waiting) what it wrote so far is flushed to the reader. Measured and
 * rejected (docs/decisions/013): compressing whole pages in one call on the main thread held ~50
 * MB less resident memory under load and rendered a tenth more pages per second, but served the
 * requests of a saturated server so unevenly that 1–2 % waited over 2 s (p99 1.2–2.6 s against
 * 0.55–0.9 s streamed).
 */
const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};
const GZIP_LEVEL = 4;

/** A body whose next chunk is not there within this has paused: what it wrote goes out. */
const STREAM_PAUSE_MS = 10;

const compressStream = (encoding: Encoding) =>
  encoding === "br" ? zlib.createBrotliCompress({ params: BROTLI_PARAMS }) : zlib.createGzip({ level: GZIP_LEVEL });

const paused = Symbol("paused");
type Read = ReadableStreamReadResult<Uint8Array>;

/** The read's result, or `paused` when it is not there within STREAM_PAUSE_MS. */
async function withinPause(read: Promise<Read>): Promise<Read | typeof paused> {
  let timer: NodeJS.Timeout | undefined;
  const pause = new Promise<typeof paused>((resolve) => (timer = setTimeout(resolve, STREAM_PAUSE_MS, paused)));
  try {
    return await Promise.race([read, pause]);
  } finally {
    clearTimeout(timer);
  }
}

/** Feeds the body to the compressor, flushing it whenever the body pauses; stops when the reader has gone. */
async function pump(reader: ReadableStreamDefaultReader<Uint8Array>, compressor: zlib.BrotliCompress | zlib.Gzip) {
  try {
    let next = reader.read();
    for (;;) {
      let result = await withinPause(next);
      if (result === paused) {
        compressor.flush();
        result = await next;
      }
      if (result.done) break;
      if (compressor.destroyed) return void (await reader.cancel());
      if (!compressor.write(result.value)) await Promise.race([once(compressor, "drain"), once(compressor, "close")]);
      next = reader.read();
    }
    compressor.end();
  } catch (error) {
    compressor.destroy(error as Error);
  }
}

/** The body through a compressor, as it comes. */
function compressBody(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const compressor = compressStream(encoding);
  void pump(body.getReader(), compressor);
  return Readable.toWeb(compressor) as ReadableStream<Uint8Array>;
}

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
    c.res = new Response(compressBody(res.body, encoding), { status: res.status, statusText: res.statusText, headers });
  };
}
