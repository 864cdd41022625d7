import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, ServerRouter } from "react-router";
import { NonceProvider } from "~/lib/nonce";
import type { PageHandle } from "~/lib/page-cache";
import { PAGE_CACHE_HEADER } from "../server/http/page-cache";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  // The page's route says whether visitors' copies may be cached, and what content they show
  // (server/http/page-cache.ts takes this header off before anything is sent).
  const leaf = routerContext.staticHandlerContext.matches.at(-1);
  const pageCache = leaf && (routerContext.routeModules[leaf.route.id]?.handle as PageHandle | undefined)?.pageCache;
  if (pageCache) responseHeaders.set(PAGE_CACHE_HEADER, pageCache.join(","));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.services.logger.error({ err: error, requestId: loadContext.requestId }, "render failed");
        },
      },
    );
  });
}

/** Errors thrown by loaders and actions: logged with the request id; users see the error screen. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as AppLoadContext | undefined;
  ctx?.services.logger.error({ err: error, requestId: ctx.requestId, path: new URL(request.url).pathname }, "page request failed");
};
