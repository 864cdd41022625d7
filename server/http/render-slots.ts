import type { MiddlewareHandler } from "hono";

/**
 * At most `limit` pages are rendered and streamed at once; the rest wait their turn, first
 * come first served. A render holds its React tree, its loader data and (once compressed) a
 * compressor's buffers until its last byte has gone, and the server has one thread to render
 * with: beyond a few renders in flight, more only interleave and hold more memory
 * (docs/decisions/015). A slot is held until the response body has ended, failed, or its reader
 * went away, so a slow reader holds one slot, not the server.
 */
/** At most `limit` holders at once, first come first served; a releaser gives its slot back once. */
export function slots(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
  };
  // A freed slot passes straight to the next in line (active stays the same), else it is given back.
  const releaser = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = waiting.shift();
      if (next) next();
      else active--;
    };
  };
  return { acquire, releaser };
}

export function renderSlots(limit: number): MiddlewareHandler {
  const { acquire, releaser } = slots(limit);

  return async (c, next) => {
    await acquire();
    const release = releaser();
    try {
      await next();
    } catch (error) {
      release();
      throw error;
    }
    const body = c.res.body;
    if (!body) return release();
    const reader = body.getReader();
    const held = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    });
    c.res = new Response(held, c.res);
  };
}
