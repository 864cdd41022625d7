import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { writeBank } from "../../scripts/bench-questions.js";
import { type AppProcess, startAppProcess } from "../support/app-processes";
import { apiOperations } from "../support/openapi";

/**
 * Issue #15's header audit: every page route in app/routes.ts, every operation in the OpenAPI
 * document and the static files, fetched from the production server behind an https address.
 * A route added later is audited without anyone adding it here.
 */
const root = path.resolve(import.meta.dirname, "../..");
const client = path.join(root, "build/client");

/** Every page path in the route config, its parameters filled (a real question where one is asked for). */
function pagePaths(entries: RouteConfigEntry[], questionId: string): string[] {
  return entries.flatMap((entry) => {
    const own =
      entry.path === undefined
        ? entry.index
          ? ["/"]
          : []
        : [
            `/${entry.path
              .replace(":questionId", questionId)
              .replace(/:[\w]+\?/g, "")
              .replace(/:[\w]+/g, "no-such-thing")
              .replace("*", "no-such-page")}`.replace(/\/$/, "") || "/",
          ];
    return [...own, ...pagePaths(entry.children ?? [], questionId)];
  });
}

describe("security headers on every route", () => {
  let server: AppProcess;
  let contentDir: string;

  beforeAll(async () => {
    contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-headers-content-"));
    writeBank(contentDir, 5);
    fs.copyFileSync(path.join(root, "content/html-overview.md"), path.join(contentDir, "html-overview.md"));
    server = await startAppProcess({
      CONTENT_DIR: contentDir,
      BASE_URL: "https://devprep.test",
      // Reached, as an https site is, through a proxy that passes on the host asked for: writes are
      // only taken for the site's own host (server/http/cross-site.ts).
      TRUST_PROXY: "true",
      AUTH_SECRET: crypto.randomBytes(24).toString("hex"),
    });
  });

  afterAll(async () => {
    await server?.stop();
    if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
  });

  async function audit(method: string, pathname: string, body?: string) {
    const response = await fetch(server.base + pathname, {
      method,
      redirect: "manual",
      headers: { "X-Forwarded-Host": "devprep.test", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body,
    });
    await response.body?.cancel();
    const headers = response.headers;
    const where = `${method} ${pathname} (${response.status})`;
    expect(response.status, where).toBeLessThan(500);
    expect(headers.get("x-content-type-options"), where).toBe("nosniff");
    expect(headers.get("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy"), where).toContain("camera=()");
    expect(headers.get("strict-transport-security"), where).toBe("max-age=31536000; includeSubDomains");
    const csp = headers.get("content-security-policy");
    if ((headers.get("content-type") ?? "").startsWith("text/html")) {
      expect(csp, where).toBeTruthy();
      if (pathname === "/sandbox/runner") {
        // Runs the reader's own code: inline scripts are its purpose, so it is an opaque origin
        // that only our pages may frame (docs/decisions/005).
        expect(csp, where).toContain("sandbox allow-scripts");
        expect(csp, where).toContain("frame-ancestors 'self'");
        expect(csp, where).toMatch(/connect-src( \S+\/vendor\/)+(;|$)/);
      } else {
        expect(csp, where).toMatch(/script-src 'self' ('nonce-[^']+'|'sha256-[^']+')/);
        expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
        expect(csp, where).toContain("frame-ancestors 'none'");
        expect(csp, where).toContain("object-src 'none'");
      }
    }
    return response;
  }

  it("every page in app/routes.ts, visitor's copy and cached copy alike", async () => {
    const list = (await (await fetch(`${server.base}/api/questions?technology=javascript&limit=1`)).json()) as Record<
      string,
      { id: string }[]
    >;
    const question = Object.values(list).find(Array.isArray)?.[0];
    expect(question?.id).toBeTruthy();
    const paths = [...new Set(pagePaths(routes, question!.id))];
    expect(paths.length).toBeGreaterThan(40);
    // Twice: the second visit to a content page comes from the page cache, with its own headers.
    for (const pathname of [...paths, ...paths]) await audit("GET", pathname);
  });

  it("every operation in the OpenAPI document, and the accounts API", async () => {
    const operations = apiOperations(await (await fetch(`${server.base}/api/openapi.json`)).json()).map((op) => [
      op.method,
      op.path.replace(/\{\w+\}/g, "x"),
    ]);
    expect(operations.length).toBeGreaterThan(40);
    for (const [method, pathname] of operations) await audit(method!, pathname!, method === "GET" ? undefined : "{}");
    await audit("GET", "/api/auth/get-session");
    await audit("POST", "/api/auth/sign-in/email", "{}");
    await audit("GET", "/api/no-such-endpoint");
  });

  it("static files, the sandbox frame, its runtimes and uploads", async () => {
    const assets = fs.readdirSync(path.join(client, "assets"));
    const publicFiles = fs.readdirSync(client).filter((name) => name !== "assets" && fs.statSync(path.join(client, name)).isFile());
    for (const pathname of [
      `/assets/${assets.find((f) => f.endsWith(".js"))}`,
      `/assets/${assets.find((f) => f.endsWith(".css"))}`,
      `/assets/${assets.find((f) => f.endsWith(".woff2"))}`,
      ...publicFiles.map((name) => `/${name}`),
      "/assets/no-such-file.js",
      "/sandbox/runner",
      "/vendor/no-such-runtime/file.js",
      "/uploads/no-such-image.webp",
    ]) {
      await audit("GET", pathname);
    }
  });
});
