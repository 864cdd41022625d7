import { Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { type ServerBuild, createRequestHandler } from "react-router";
import { createApi } from "./api/app";
import type { ApiEnv } from "./api/types";
import { authForms, clearFlashCookie, readAuthFlash } from "./http/auth-forms";
import { bodyLimits } from "./http/body-limit";
import { canonicalUrls } from "./http/canonical-url";
import { clientKey } from "./http/client-address";
import { compressHtml } from "./http/compress-html";
import { crossSiteGuard } from "./http/cross-site";
import { privatePages } from "./http/page-cache";
import { pageForms } from "./http/page-forms";
import { literalWildcardSegments, requestDeadline } from "./http/request-deadline";
import { requestLog } from "./http/request-log";
import { securityHeaders } from "./http/security-headers";
import type { Services } from "./services";
import { sandboxResponse } from "./sandbox/runner-page";
import { vendorPreflight, vendorResponse } from "./sandbox/vendor";
import { renderSlots } from "./http/render-slots";
import { readImageUpload } from "./uploads/image-upload";

/**
 * The whole server as one fetch handler: /api/* goes straight to the Hono API (no trip
 * through React Router, which costs ~10x; see ARCHITECTURE.md), every other path to
 * React Router's server renderer with the services in its load context.
 * Static assets are served in front of this by server.js.
 */
export function createApp(services: Services, build: () => Promise<ServerBuild>) {
  const mode = services.config.env === "production" ? "production" : "development";
  const renderPage = createRequestHandler(build, mode);
  const app = new Hono<ApiEnv>();
  const { pageCache } = services;

  // Visitors' cached pages are answered before anything else (server.js answers most of them
  // even earlier, on the socket).
  if (pageCache) app.use(pageCache.serve());
  app.use(literalWildcardSegments());
  app.use(requestLog(services.logger));
  app.use(requestDeadline(services.config.requestTimeoutMs));
  app.use(securityHeaders({ https: services.config.secureCookies, dev: mode === "development" }));
  app.use(
    crossSiteGuard(new URL(services.config.baseUrl).origin, {
      trustForwardedHost: services.config.trustProxy > 0,
      trustedOrigins: services.config.trustedOrigins,
    }),
  );
  // One body limit for every route, before anything reads a body (the image upload has a larger one).
  app.use(bodyLimits());
  app.use(async (c, next) => {
    c.set("services", services);
    await next();
  });
  // After a write, this process reads the content versions before it answers: its own users
  // never meet a cached page older than what they just changed.
  if (pageCache) {
    app.use(async (c, next) => {
      await next();
      if (c.req.method !== "GET" && c.req.method !== "HEAD") await pageCache.versions.refresh();
    });
  }

  app.route("/", createApi());
  // The frame's forms without JavaScript (sign-in, logout, cookie consent), answered through the API.
  app.route(
    "/",
    authForms((request, c) => Promise.resolve(app.fetch(request, c.env))),
  );

  // Pages answer at one address each: other spellings are redirected to it.
  app.use(canonicalUrls());

  // The sandbox frame that runs users' code (issue #7), with its own policy.
  app.get("/sandbox/runner", (c) => sandboxResponse(new URL(c.req.url).origin, services.config.baseUrl));
  // Pyodide and sql.js, loaded by the sandbox only when Python or SQL runs.
  app.get("/vendor/:runtime/:file", async (c) => (await vendorResponse(c.req.param("runtime"), c.req.param("file"))) ?? c.notFound());
  // A request with extra headers (a proxy or extension may add some) is preflighted.
  app.options("/vendor/:runtime/:file", () => vendorPreflight());

  // Images users uploaded for their posts (DATA_DIR/uploads).
  app.get("/uploads/:name", async (c) => (await readImageUpload(services, c.req.param("name"))) ?? c.notFound());

  // Pages rendered and streamed at once are limited (RENDER_SLOTS); more wait their turn.
  const slots: MiddlewareHandler = services.config.renderSlots > 0 ? renderSlots(services.config.renderSlots) : (_, next) => next();
  app.all("*", pageForms(), slots, compressHtml(), pageCache ? pageCache.store() : privatePages(), async (c) => {
    const authFlash = readAuthFlash(c.req.header("Cookie"));
    const response = await renderPage(c.req.raw, {
      services,
      cspNonce: c.var.cspNonce,
      requestId: c.var.requestId,
      // For rate limits in page actions (starting a quiz), keyed as the API keys them.
      clientKey: () => clientKey(c, services),
      authFlash,
    });
    // A flash is shown once.
    if (authFlash !== undefined) response.headers.append("Set-Cookie", clearFlashCookie(services.config.secureCookies));
    return response;
  });

  app.onError((error, c) => {
    // The request deadline's 503 (and any other answer an exception carries).
    if (error instanceof HTTPException) {
      services.logger.warn({ requestId: c.var.requestId, status: error.status, path: c.req.path }, error.message || "request refused");
      return error.getResponse();
    }
    services.logger.error({ err: error, requestId: c.var.requestId }, "request failed");
    return c.text("Something went wrong on our side. Please try again.", 500);
  });
  return app;
}
