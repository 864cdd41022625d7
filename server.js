#!/usr/bin/env node
// The process entry: `npm start` (production) and `npm run dev` (Vite in middleware mode).
// All application code lives in server/ and app/ and is built by Vite; this file only
// serves built static files and hands every other request to the app's fetch handler.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
const serverBuild = path.join(root, "build/server/index.js");
const clientDir = path.join(root, "build/client");

function fail(error) {
  // Configuration and migration problems are the operator's to fix: a clear message, no stack.
  if (error && ["ConfigError", "MigrationFailed", "ContentError"].includes(error.name)) {
    console.error(`\n${error.message}\n\nSee .env.example for every setting.`);
    process.exit(1);
  }
  throw error;
}

async function startProduction() {
  if (!fs.existsSync(serverBuild)) {
    console.log("No build found: building the site first (npm run build)…");
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const [{ Hono }, { serve }, { serveStatic }, main] = await Promise.all([
    import("hono"),
    import("@hono/node-server"),
    import("@hono/node-server/serve-static"),
    import(serverBuild),
  ]);
  const started = await main.start().catch(fail);
  const front = new Hono();
  // Static files get the security headers the app gives its own responses (nosniff, HSTS…).
  const staticHeaders = main.defaultSecurityHeaders({ https: started.config.secureCookies, html: false });
  const withSecurityHeaders = async (c, next) => {
    await next();
    for (const [name, value] of staticHeaders) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
  front.use("/assets/*", withSecurityHeaders);
  // Fingerprinted build output: cache forever.
  front.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  front.use("/assets/*", serveStatic({ root: path.relative(process.cwd(), clientDir), precompressed: true }));
  // Files copied from public/ (favicon, images): a fixed list, so page requests cost no disk look-up.
  for (const entry of fs.readdirSync(clientDir, { withFileTypes: true })) {
    if (entry.name === "assets") continue;
    const route = entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`;
    front.use(route, withSecurityHeaders);
    front.use(route, async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=86400");
    });
    front.use(route, serveStatic({ root: path.relative(process.cwd(), clientDir) }));
  }
  front.all("*", (c) => started.app.fetch(c.req.raw, c.env));
  // Visitors' cached pages are written straight to the socket, before Hono builds a Request
  // (server/http/page-cache.ts; PAGE_CACHE_FAST_PATH=false sends them through Hono).
  const cache = started.services.pageCache?.nodeFastPath ? started.services.pageCache : null;
  const server = serve({
    fetch: front.fetch,
    port: started.config.port,
    hostname: started.config.host,
    createServer: (options, listener) =>
      http.createServer(options, cache ? (req, res) => cache.serveNode(req, res) || listener(req, res) : listener),
  });
  // Keep idle connections longer than clients and load balancers do (Node's 5 s default
  // closes sockets a client is about to reuse, which it sees as ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return { started, server };
}

async function startDevelopment() {
  const [{ createServer }, { getRequestListener }] = await Promise.all([import("vite"), import("@hono/node-server")]);
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
  const main = await vite.ssrLoadModule("./server/main.ts");
  const started = await main.start().catch(fail);
  const listener = getRequestListener((request, env) => started.app.fetch(request, env));
  const server = http.createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
  server.listen(started.config.port, started.config.host);
  return { started, server, vite };
}

const { started, server, vite } = dev ? await startDevelopment() : await startProduction();
server.once("listening", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : started.config.port;
  started.services.logger.info({ port, mode: process.env.NODE_ENV }, `${started.config.site.name} is running at http://localhost:${port}`);
});

/**
 * SIGTERM (an orchestrator stopping us): health says 503 at once; after SHUTDOWN_DELAY_MS (time
 * for a load balancer to notice) new connections are refused, requests in flight finish, live
 * quiz streams end (their clients reconnect elsewhere), and the database closes last. SIGINT
 * (Ctrl-C) skips the delay. Whatever is still open 10 s later is cut off and the exit code is 1.
 */
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const { logger, rooms } = started.services;
  const delayMs = signal === "SIGTERM" ? started.config.shutdownDelayMs : 0;
  logger.info({ signal, delayMs }, "draining");
  started.drain();
  setTimeout(() => {
    logger.error("requests still open 10 s after the server closed: exiting");
    process.exit(1);
  }, delayMs + 10_000).unref();
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
  const closed = new Promise((resolve) => server.close(resolve));
  // Keep-alive connections close as soon as their request is answered.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  await rooms.close();
  await closed;
  clearInterval(idle);
  await vite?.close();
  await started.stop();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
