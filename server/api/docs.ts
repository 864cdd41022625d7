import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Hono } from "hono";
import { errorBody } from "./errors";
import type { ApiEnv } from "./types";

/**
 * The API reference at /api/docs: Swagger UI from the swagger-ui-dist package, served
 * from our own origin (the site works offline; no CDN), reading /api/openapi.json.
 */
const require = createRequire(import.meta.url);
const distDir = path.dirname(require.resolve("swagger-ui-dist/package.json"));

const assets: Record<string, { file: string; type: string }> = {
  "swagger-ui.css": { file: "swagger-ui.css", type: "text/css; charset=utf-8" },
  "swagger-ui-bundle.js": { file: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8" },
};

// Our own start-up script, so the page needs no inline script.
const initScript = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
});
`;

function page(siteName: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${siteName} API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"><h1>${siteName} API reference</h1><p>Loading the reference… The raw document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>`;
}

// Swagger UI styles itself with inline style attributes and runs no inline script.
const docsCsp =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

export const docsRouter = new Hono<ApiEnv>()
  .get("/", (c) => {
    c.header("Content-Security-Policy", docsCsp);
    return c.html(page(escapeHtml(c.var.services.config.site.name)));
  })
  .get("/assets/init.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(initScript);
  })
  .get("/assets/:file", async (c) => {
    const file = c.req.param("file");
    // Own keys only: "__proto__" or "toString" would find Object's (issue #31).
    const asset = Object.hasOwn(assets, file) ? assets[file] : undefined;
    if (!asset) return c.json(errorBody("not_found", "No such file."), 404);
    const body = await fs.readFile(path.join(distDir, asset.file));
    c.header("Content-Type", asset.type);
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(body);
  });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
